import { asc, eq } from 'drizzle-orm';
import { countAll, first } from '../../db/dialect';
import type { CompanyRow } from '../../db/schema';
import { type Tables, Repo } from '../../db/store';

export class CompaniesRepo extends Repo {
  async insert(values: Tables['companies']['$inferInsert']): Promise<CompanyRow> {
    const row = first(await this.db.insert(this.t.companies).values(values).returning());
    if (!row) throw new Error('Company insert returned no row');
    return row;
  }

  async findById(id: number): Promise<CompanyRow | undefined> {
    const { companies } = this.t;
    return first(await this.db.select().from(companies).where(eq(companies.id, id)));
  }

  listAll(): Promise<CompanyRow[]> {
    const { companies } = this.t;
    return this.db.select().from(companies).orderBy(asc(companies.id));
  }

  async setCgOutputPath(id: number, cgOutputPath: string): Promise<CompanyRow | undefined> {
    const { companies } = this.t;
    return first(await this.db.update(companies).set({ cgOutputPath }).where(eq(companies.id, id)).returning());
  }

  async count(): Promise<number> {
    const row = first(await this.db.select({ n: countAll() }).from(this.t.companies));
    return row?.n ?? 0;
  }
}
