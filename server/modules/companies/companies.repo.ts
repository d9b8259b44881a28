import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, type CompanyRow } from '../../db/schema';

export class CompaniesRepo {
  constructor(private readonly db: DbOrTx) {}

  insert(values: typeof companies.$inferInsert): CompanyRow {
    return this.db.insert(companies).values(values).returning().get();
  }

  findById(id: number): CompanyRow | undefined {
    return this.db.select().from(companies).where(eq(companies.id, id)).get();
  }

  listAll(): CompanyRow[] {
    return this.db.select().from(companies).orderBy(asc(companies.id)).all();
  }

  setCgOutputPath(id: number, cgOutputPath: string): CompanyRow | undefined {
    return this.db.update(companies).set({ cgOutputPath }).where(eq(companies.id, id)).returning().get();
  }

  count(): number {
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(companies)
        .get()?.n ?? 0
    );
  }
}
