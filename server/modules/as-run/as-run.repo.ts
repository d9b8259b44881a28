import type { Database, Statement } from 'better-sqlite3';
import type { AsRunFilter } from '../../../shared/contracts/as-run';
import type { Db } from '../../db/client';

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

/** better-sqlite3 behind drizzle: the log's few statements are plain SQL, prepared once. */
export const sqliteOf = (db: Db): Database => (db as unknown as { $client: Database }).$client;

export interface AsRunCursor {
  at: string;
  id: number;
}

const COLUMNS = `r.id, r.at, r.seq, r.user_id AS userId, u.full_name AS userName, r.api_key AS apiKey, r.source, r.action, r.type, r.text, r.output, r.result, r.message`;

/** The filters a query names, in a fixed order: the key of its prepared statement. */
const FILTERS = [
  ['from', 'r.at >= @from'],
  ['to', 'r.at < @to'],
  ['type', 'r.type = @type'],
  ['userId', 'r.user_id = @userId'],
  ['output', 'r.output = @output'],
  ['source', 'r.source = @source'],
] as const;

/**
 * SQL of the as-run log. Plain SQL through better-sqlite3, one statement prepared per shape of
 * filter (at most 2^7): pages are read newest first by (at, id) — the order of every index — with a
 * row-value keyset, so page 2 000 costs what page 1 does.
 */
export class AsRunRepo {
  private readonly statements = new Map<string, Statement>();
  private readonly sqlite: Database;
  private readonly pruneStmt: Statement;

  constructor(db: Db) {
    this.sqlite = sqliteOf(db);
    this.pruneStmt = this.sqlite.prepare(
      'DELETE FROM as_run WHERE id IN (SELECT id FROM as_run WHERE company_id = ? AND at < ? ORDER BY at LIMIT ?)',
    );
  }

  page(companyId: number, filter: AsRunFilter, before: AsRunCursor | undefined, limit: number): AsRunListRow[] {
    const used = FILTERS.filter(([name]) => filter[name] !== undefined);
    const key = `${used.map(([n]) => n).join(',')}|${before ? 'b' : ''}`;
    let stmt = this.statements.get(key);
    if (stmt === undefined) {
      const where = [
        'r.company_id = @companyId',
        ...used.map(([, clause]) => clause),
        ...(before ? ['(r.at, r.id) < (@beforeAt, @beforeId)'] : []),
      ];
      stmt = this.sqlite.prepare(
        `SELECT ${COLUMNS} FROM as_run r LEFT JOIN users u ON u.id = r.user_id AND u.company_id = r.company_id
         WHERE ${where.join(' AND ')} ORDER BY r.at DESC, r.id DESC LIMIT @limit`,
      );
      this.statements.set(key, stmt);
    }
    const params: Record<string, unknown> = { companyId, limit };
    for (const [name] of used) params[name] = filter[name];
    if (before) Object.assign(params, { beforeAt: before.at, beforeId: before.id });
    return stmt.all(params) as AsRunListRow[];
  }

  retentionDays(companyId: number): number | null {
    const row = this.sqlite
      .prepare('SELECT as_run_retention_days AS d FROM company_settings WHERE company_id = ?')
      .get(companyId) as { d: number | null } | undefined;
    return row?.d ?? null;
  }

  companyIds(): number[] {
    return (this.sqlite.prepare('SELECT id FROM companies ORDER BY id').all() as { id: number }[]).map((r) => r.id);
  }

  /** Deletes up to `limit` of the company's rows older than `cutoff`; returns how many went. */
  pruneSome(companyId: number, cutoff: string, limit: number): number {
    return this.pruneStmt.run(companyId, cutoff, limit).changes;
  }
}
