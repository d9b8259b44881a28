import { eq } from 'drizzle-orm';
import { first } from '../../db/dialect';
import type { CompanySettingsRow } from '../../db/schema';
import { Repo } from '../../db/store';

export type SettingsChanges = Partial<Omit<CompanySettingsRow, 'companyId'>>;

export class SettingsRepo extends Repo {
  /** The company's settings row; undefined until something was first saved (defaults apply). */
  async find(companyId: number): Promise<CompanySettingsRow | undefined> {
    const { companySettings } = this.t;
    return first(await this.db.select().from(companySettings).where(eq(companySettings.companyId, companyId)));
  }

  async save(companyId: number, changes: SettingsChanges): Promise<void> {
    if (!Object.keys(changes).length) return;
    const { companySettings } = this.t;
    await this.db
      .insert(companySettings)
      .values({ companyId, ...changes })
      .onConflictDoUpdate({ target: companySettings.companyId, set: changes });
  }
}
