import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { appliedMigrationAt, newestBuildMigrationAt } from '../../modules/backups/backup-migrations';
import { serverRunningProblem } from '../../modules/backups/server-lock';
import type pg from 'pg';
import { migratePostgres, openPostgres, type PgDb } from '../pg-client';
import { DB_FILE } from '../store-file';
import { pgSum, sqlitePages, sqliteSum, type TableSum } from './table-checksum';
import { storeTables, type StoreTable } from './store-tables';

export class MoveRefused extends Error {}

export interface MovePlan {
  dataDir: string;
  /** The SQLite store's migrations: the store must be at this build's newest. */
  migrationsDir: string;
  /** postgres://… of an empty database. */
  to: string;
  /** Progress lines for the operator (the command line prints them). */
  say?: (line: string) => void;
}

export interface MovedTable extends TableSum {
  name: string;
}

/**
 * Moves a station's whole store from SQLite to PostgreSQL (issue 42, `npm run db:move`): every
 * table in foreign-key order inside one PostgreSQL transaction, ids kept (and each id sequence set
 * past them), then every table's row count and SHA-256 compared on both sides. The SQLite file is
 * opened read-only and never changed; a database that already holds rows is refused.
 */
export async function moveToPostgres(plan: MovePlan): Promise<{ tables: MovedTable[]; ms: number }> {
  const started = Date.now();
  const say = plan.say ?? (() => undefined);
  const running = serverRunningProblem(plan.dataDir, 'move the station');
  if (running) throw new MoveRefused(running);
  const file = path.join(plan.dataDir, DB_FILE);
  if (!fs.existsSync(file)) throw new MoveRefused(`No store at ${file}`);
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    assertCurrent(sqlite, plan.migrationsDir);
    const source = drizzle(sqlite);
    const target = await openPostgres(plan.to, { migrate: false });
    try {
      await assertEmpty(target.pool);
      await migratePostgres(target.db);
      const tables = storeTables();
      await target.db.transaction(async (tx) => {
        for (const table of tables) say(`${table.name}: ${await copyTable(source, tx, table)} rows`);
      });
      return { tables: await verify(source, target.db, tables, say), ms: Date.now() - started };
    } finally {
      await target.close();
    }
  } finally {
    sqlite.close();
  }
}

/** An older store would move without its newest columns: the server brings it up to date at start. */
export function assertCurrent(sqlite: Database.Database, migrationsDir: string): void {
  const at = appliedMigrationAt(sqlite) ?? 0;
  const newest = newestBuildMigrationAt(migrationsDir);
  if (at < newest)
    throw new MoveRefused(
      'The SQLite store is older than this version of CG Bridge: start CG Bridge once (it brings the store up to date), stop it, then move the station',
    );
  if (at > newest)
    throw new MoveRefused('The SQLite store was written by a newer version of CG Bridge: move it with that version');
}

/** Rows in any table of any schema (drizzle's own bookkeeping aside): the move would mix two stores. */
export async function assertEmpty(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ s: string; t: string }>(
    `SELECT n.nspname AS s, c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'drizzle') AND n.nspname NOT LIKE 'pg_toast%'`,
  );
  const holding: string[] = [];
  for (const { s, t } of rows) {
    const found = await pool.query(`SELECT 1 FROM "${s.replace(/"/g, '""')}"."${t.replace(/"/g, '""')}" LIMIT 1`);
    if (found.rowCount) holding.push(`${s}.${t}`);
  }
  if (holding.length)
    throw new MoveRefused(
      `The target database already holds data (${holding.slice(0, 5).join(', ')}${holding.length > 5 ? ', …' : ''}): move into an empty database`,
    );
}

/** One table, page by page; columns pointing into the same table are set once every row is in. */
async function copyTable(source: BetterSQLite3Database, tx: PgDb, table: StoreTable): Promise<number> {
  const cols = getTableColumns(table.pg);
  const perInsert = Math.max(1, Math.floor(30_000 / Object.keys(cols).length));
  const later: Array<Record<string, unknown>> = [];
  let rows = 0;
  for (const page of sqlitePages(source, table)) {
    for (const row of page) {
      if (table.selfRefs.some((k) => row[k] !== null)) later.push({ ...row });
      for (const k of table.selfRefs) row[k] = null;
    }
    for (let i = 0; i < page.length; i += perInsert) await tx.insert(table.pg).values(page.slice(i, i + perInsert));
    rows += page.length;
  }
  for (const row of later) {
    const set = Object.fromEntries(table.selfRefs.map((k) => [k, row[k]]));
    await tx
      .update(table.pg)
      .set(set)
      .where(and(...table.keys.map((k) => eq(cols[k]!, row[k]))));
  }
  const identity = Object.entries(getTableColumns(table.sqlite)).find(
    ([, c]) => (c as { autoIncrement?: boolean }).autoIncrement,
  );
  if (identity) {
    const name = identity[1].name;
    await tx.execute(
      sql.raw(
        `SELECT setval(pg_get_serial_sequence('"${table.name}"', '${name}'), COALESCE((SELECT MAX("${name}") FROM "${table.name}"), 0) + 1, false)`,
      ),
    );
  }
  return rows;
}

async function verify(
  source: BetterSQLite3Database,
  target: PgDb,
  tables: StoreTable[],
  say: (l: string) => void,
): Promise<MovedTable[]> {
  const out: MovedTable[] = [];
  const differ: string[] = [];
  for (const table of tables) {
    const [a, b] = [sqliteSum(source, table), await pgSum(target, table)];
    if (a.rows !== b.rows || a.sha256 !== b.sha256)
      differ.push(`${table.name} (SQLite ${a.rows} rows, PostgreSQL ${b.rows})`);
    out.push({ name: table.name, ...b });
  }
  if (differ.length)
    throw new Error(
      `The moved station differs from the SQLite store in ${differ.join(', ')}: drop the target database's tables and move again`,
    );
  say(`verified: ${out.length} tables, row counts and SHA-256 equal on both stores`);
  return out;
}
