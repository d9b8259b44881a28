import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outputs, type OutputRow } from '../../db/schema';

export type OutputPatch = Partial<Omit<typeof outputs.$inferInsert, 'version' | 'companyId' | 'id'>>;

/** SQL of the direct outputs (issue 25); every query but `allEnabled` (start-up) is scoped by company. */
export class OutputsRepo {
  constructor(private readonly db: DbOrTx) {}

  list(companyId: number): OutputRow[] {
    return this.db
      .select()
      .from(outputs)
      .where(eq(outputs.companyId, companyId))
      .orderBy(asc(outputs.name), asc(outputs.id))
      .all();
  }

  find(companyId: number, id: number): OutputRow | undefined {
    return this.db
      .select()
      .from(outputs)
      .where(and(eq(outputs.companyId, companyId), eq(outputs.id, id)))
      .get();
  }

  findByName(companyId: number, name: string): OutputRow | undefined {
    return this.db
      .select()
      .from(outputs)
      .where(and(eq(outputs.companyId, companyId), eq(outputs.name, name)))
      .get();
  }

  /** Every company's outputs: the dispatcher starts them all when the server starts. */
  all(): OutputRow[] {
    return this.db.select().from(outputs).orderBy(asc(outputs.id)).all();
  }

  insert(values: typeof outputs.$inferInsert): OutputRow {
    return this.db.insert(outputs).values(values).returning().get();
  }

  /** Every change moves the version on (issue 26); `extra` guards it, e.g. the version a save started from. */
  update(companyId: number, id: number, patch: OutputPatch, extra?: SQL): OutputRow | undefined {
    return this.db
      .update(outputs)
      .set({ ...patch, version: sql`${outputs.version} + 1` })
      .where(and(eq(outputs.companyId, companyId), eq(outputs.id, id), extra))
      .returning()
      .get();
  }

  delete(companyId: number, id: number): OutputRow | undefined {
    return this.db
      .delete(outputs)
      .where(and(eq(outputs.companyId, companyId), eq(outputs.id, id)))
      .returning()
      .get();
  }
}
