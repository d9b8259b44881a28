import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AsRunFilter } from '../../../shared/contracts/as-run';
import { first } from '../../db/dialect';
import type { NewAsRunRow } from '../../db/schema';
import { type Q, tablesOf, Repo } from '../../db/store';

export interface AsRunListRow {
  id: number;
  at: string;
  seq: number;
  userId: number | null;
  userName: string | null;
  apiKey: string | null;
  source: string;
  action: string;
  type: string;
  text: string;
  output: string;
  result: string;
  message: string | null;
}

export interface AsRunCursor {
  at: string;
  id: number;
}

/**
 * A page of the log, newest first by (at, id) — the order of every index — with a row-value
 * keyset, so page 2 000 costs what page 1 does. Exported unrun so a test can read its plan.
 */
export function pageQuery(
  q: Q,
  companyId: number,
  filter: AsRunFilter,
  before: AsRunCursor | undefined,
  limit: number,
) {
  const { asRun: r, users: u } = tablesOf(q);
  const where = and(
    eq(r.companyId, companyId),
    filter.from === undefined ? undefined : gte(r.at, filter.from),
    filter.to === undefined ? undefined : lt(r.at, filter.to),
    filter.type === undefined ? undefined : eq(r.type, filter.type),
    filter.userId === undefined ? undefined : eq(r.userId, filter.userId),
    filter.output === undefined ? undefined : eq(r.output, filter.output),
    filter.source === undefined ? undefined : eq(r.source, filter.source),
    before ? sql`(${r.at}, ${r.id}) < (${before.at}, ${before.id})` : undefined,
  );
  return q
    .select({
      id: r.id,
      at: r.at,
      seq: r.seq,
      userId: r.userId,
      userName: u.fullName,
      apiKey: r.apiKey,
      source: r.source,
      action: r.action,
      type: r.type,
      text: r.text,
      output: r.output,
      result: r.result,
      message: r.message,
    })
    .from(r)
    .leftJoin(u, and(eq(u.id, r.userId), eq(u.companyId, r.companyId)))
    .where(where)
    .orderBy(desc(r.at), desc(r.id))
    .limit(limit);
}

/** SQL of the as-run log, written once for both engines. */
export class AsRunRepo extends Repo {
  async page(
    companyId: number,
    filter: AsRunFilter,
    before: AsRunCursor | undefined,
    limit: number,
  ): Promise<AsRunListRow[]> {
    return pageQuery(this.db, companyId, filter, before, limit);
  }

  /** Rows in the order given (one statement: keep them few enough for the engines' parameter limits). */
  async insert(rows: NewAsRunRow[]): Promise<void> {
    if (rows.length) await this.db.insert(this.t.asRun).values(rows);
  }

  async retentionDays(companyId: number): Promise<number | null> {
    const { companySettings } = this.t;
    const row = first(
      await this.db
        .select({ d: companySettings.asRunRetentionDays })
        .from(companySettings)
        .where(eq(companySettings.companyId, companyId)),
    );
    return row?.d ?? null;
  }

  async companyIds(): Promise<number[]> {
    const { companies } = this.t;
    return (await this.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id))).map((r) => r.id);
  }

  /** Deletes up to `limit` of the company's rows older than `cutoff`; returns how many went. */
  async pruneSome(companyId: number, cutoff: string, limit: number): Promise<number> {
    const { asRun } = this.t;
    const oldest = this.db
      .select({ id: asRun.id })
      .from(asRun)
      .where(and(eq(asRun.companyId, companyId), lt(asRun.at, cutoff)))
      .orderBy(asc(asRun.at))
      .limit(limit);
    const gone = await this.db.delete(asRun).where(inArray(asRun.id, oldest)).returning({ id: asRun.id });
    return gone.length;
  }
}
