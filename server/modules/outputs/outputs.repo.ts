import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { first, inCodePointOrder } from '../../db/dialect';
import type { OutputRow } from '../../db/schema';
import { type Tables, Repo } from '../../db/store';

export type OutputPatch = Partial<Omit<Tables['outputs']['$inferInsert'], 'version' | 'companyId' | 'id'>>;

/** SQL of the direct outputs (issue 25); every query but `allEnabled` (start-up) is scoped by company. */
export class OutputsRepo extends Repo {
  async list(companyId: number): Promise<OutputRow[]> {
    const { outputs } = this.t;
    return this.db
      .select()
      .from(outputs)
      .where(eq(outputs.companyId, companyId))
      .orderBy(asc(inCodePointOrder(this.db, outputs.name)), asc(outputs.id));
  }

  async find(companyId: number, id: number): Promise<OutputRow | undefined> {
    const { outputs } = this.t;
    return first(
      await this.db
        .select()
        .from(outputs)
        .where(and(eq(outputs.companyId, companyId), eq(outputs.id, id))),
    );
  }

  async findByName(companyId: number, name: string): Promise<OutputRow | undefined> {
    const { outputs } = this.t;
    return first(
      await this.db
        .select()
        .from(outputs)
        .where(and(eq(outputs.companyId, companyId), eq(outputs.name, name))),
    );
  }

  /** Every company's outputs: the dispatcher starts them all when the server starts. */
  async all(): Promise<OutputRow[]> {
    const { outputs } = this.t;
    return this.db.select().from(outputs).orderBy(asc(outputs.id));
  }

  async insert(values: Tables['outputs']['$inferInsert']): Promise<OutputRow> {
    const { outputs } = this.t;
    const row = first(await this.db.insert(outputs).values(values).returning());
    if (!row) throw new Error('The output insert returned no row');
    return row;
  }

  /** Every change moves the version on (issue 26); `extra` guards it, e.g. the version a save started from. */
  async update(companyId: number, id: number, patch: OutputPatch, extra?: SQL): Promise<OutputRow | undefined> {
    const { outputs } = this.t;
    return first(
      await this.db
        .update(outputs)
        .set({ ...patch, version: sql`${outputs.version} + 1` })
        .where(and(eq(outputs.companyId, companyId), eq(outputs.id, id), extra))
        .returning(),
    );
  }

  /** The guard of a save that started from `version` (for `update`'s `extra`). */
  versionIs(version: number): SQL {
    return eq(this.t.outputs.version, version);
  }

  async delete(companyId: number, id: number): Promise<OutputRow | undefined> {
    const { outputs } = this.t;
    return first(
      await this.db
        .delete(outputs)
        .where(and(eq(outputs.companyId, companyId), eq(outputs.id, id)))
        .returning(),
    );
  }
}
