import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companySettings, type CompanySettingsRow } from '../../db/schema';

export type SettingsChanges = Partial<Omit<CompanySettingsRow, 'companyId'>>;

export class SettingsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The company's settings row; undefined until something was first saved (defaults apply). */
  find(companyId: number): CompanySettingsRow | undefined {
    return this.db.select().from(companySettings).where(eq(companySettings.companyId, companyId)).get();
  }

  save(companyId: number, changes: SettingsChanges): void {
    if (!Object.keys(changes).length) return;
    this.db
      .insert(companySettings)
      .values({ companyId, ...changes })
      .onConflictDoUpdate({ target: companySettings.companyId, set: changes })
      .run();
  }
}
