import { eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companySettings, type CompanySettingsRow } from '../../db/schema';

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

  cgOutputPathOf(companyId: number): string | undefined {
    return this.db.select({ p: companies.cgOutputPath }).from(companies).where(eq(companies.id, companyId)).get()?.p;
  }

  setCgOutputPath(companyId: number, cgOutputPath: string): void {
    this.db.update(companies).set({ cgOutputPath }).where(eq(companies.id, companyId)).run();
  }

  /** Every other company's CG output path, as stored. */
  otherCgOutputPaths(companyId: number): string[] {
    return this.db.select({ p: companies.cgOutputPath }).from(companies).where(ne(companies.id, companyId)).all().map((r) => r.p);
  }
}
