import { asc, eq, sql } from 'drizzle-orm';
import type { Database_, Db } from '../../db/client';
import { first } from '../../db/dialect';
// SQLite's own tables: the prepared statements below run on SQLite connections only.
import { activityLogs, cgFiles, companies, type CgFileRow } from '../../db/schema';
import { isSqlite, tablesOf, type Q } from '../../db/store';
import { ActivityLogsRepo } from '../activity-logs/activity-logs.repo';
import { CgFilesRepo } from './cg-files.repo';

/** The on-air path's reads, prepared on one SQLite connection. */
function prepareReads(db: Db) {
  return {
    list: db
      .select()
      .from(cgFiles)
      .where(eq(cgFiles.companyId, sql.placeholder('companyId')))
      .orderBy(asc(cgFiles.id))
      .prepare(),
    outputPath: db
      .select({ p: companies.cgOutputPath })
      .from(companies)
      .where(eq(companies.id, sql.placeholder('companyId')))
      .prepare(),
  };
}

/** The on-air path's writes, prepared on SQLite's writing connection. */
function prepareWrites(db: Db) {
  const content = sql.placeholder('content');
  const updatedBy = sql.placeholder('updatedBy');
  const at = sql.placeholder('at');
  return {
    upsert: db
      .insert(cgFiles)
      .values({
        type: sql.placeholder('type'),
        content,
        companyId: sql.placeholder('companyId'),
        updatedBy,
        createdAt: at,
        updatedAt: at,
        fileName: sql.placeholder('fileName'),
      })
      // The conflicting row takes the new text from SQLite's `excluded` row (placeholders cannot stand in SET).
      .onConflictDoUpdate({
        target: [cgFiles.companyId, cgFiles.type],
        set: {
          content: sql`excluded.content`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning()
      .prepare(),
    activity: db
      .insert(activityLogs)
      .values({
        companyId: sql.placeholder('companyId'),
        userId: sql.placeholder('userId'),
        action: sql.placeholder('action'),
        details: sql.placeholder('details'),
        createdAt: sql.placeholder('at'),
      })
      .prepare(),
  };
}

type Reads = ReturnType<typeof prepareReads>;
type Writes = ReturnType<typeof prepareWrites>;

/**
 * The queries every on-air write runs, built and prepared once per SQLite connection
 * (docs/design-rules.md §7 profile: drizzle building SQL and SQLite preparing it anew cost ~1 ms
 * per write — more than running them). Each method takes the `q`/`tx` the store handed out: on
 * SQLite the statements prepared on that connection run — the writes on the writing connection
 * (`ctx.sqlite`, the one every write body runs on), so inside a `store.write` body they join its
 * open transaction; the reads on the store's read connection outside a write, on the writing one
 * inside a body. On PostgreSQL (no `ctx.sqlite`) the same queries go through drizzle.
 */
export class CgHotStatements {
  private readonly reads = new WeakMap<object, Reads>();
  private readonly writes = new WeakMap<object, Writes>();

  constructor(sqlite: Database_ | null) {
    // Prepared at start on the writing connection: the first on-air write does not pay for it.
    if (sqlite) {
      this.reads.set(sqlite.db, prepareReads(sqlite.db));
      this.writes.set(sqlite.db, prepareWrites(sqlite.db));
    }
  }

  async list(q: Q, companyId: number): Promise<CgFileRow[]> {
    const prepared = this.on(this.reads, q, prepareReads);
    if (prepared) return prepared.list.all({ companyId });
    const { cgFiles: t } = tablesOf(q);
    return q.select().from(t).where(eq(t.companyId, companyId)).orderBy(asc(t.id));
  }

  async outputPathOf(q: Q, companyId: number): Promise<string | undefined> {
    const prepared = this.on(this.reads, q, prepareReads);
    if (prepared) return prepared.outputPath.get({ companyId })?.p;
    const { companies: t } = tablesOf(q);
    return first(await q.select({ p: t.cgOutputPath }).from(t).where(eq(t.id, companyId)))?.p;
  }

  /** The common write (in a write body): text only (file name and output path of an existing row are kept). */
  async upsertText(
    tx: Q,
    companyId: number,
    userId: number | null,
    type: string,
    content: string,
    at: string,
  ): Promise<CgFileRow> {
    const prepared = this.on(this.writes, tx, prepareWrites);
    if (!prepared) return new CgFilesRepo(tx).upsert(companyId, userId, { type, content }, at);
    const row = prepared.upsert.get({ companyId, updatedBy: userId, type, content, at, fileName: null });
    if (!row) throw new Error(`CG upsert of ${type} returned no row`);
    return row;
  }

  /** The write's activity entry (in the same write body). */
  async recordActivity(
    tx: Q,
    companyId: number,
    userId: number | null,
    action: string,
    details: string,
    at: string,
  ): Promise<void> {
    const prepared = this.on(this.writes, tx, prepareWrites);
    if (prepared) prepared.activity.run({ companyId, userId, action, details, at });
    else await new ActivityLogsRepo(tx).insert({ companyId, userId, action, details, createdAt: at });
  }

  /** The statements prepared on `q`'s SQLite connection (prepared on first use there), or null on PostgreSQL. */
  private on<T>(cache: WeakMap<object, T>, q: Q, prepare: (db: Db) => T): T | null {
    if (!isSqlite(q)) return null;
    let prepared = cache.get(q);
    if (!prepared) cache.set(q, (prepared = prepare(q as unknown as Db)));
    return prepared;
  }
}
