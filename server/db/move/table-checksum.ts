import { createHash } from 'node:crypto';
import { asc, getTableColumns } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { PgDb } from '../pg-client';
import type { StoreTable } from './store-tables';

/** Rows read per page when a table is copied or checked (a 100 000-row table never sits in memory whole). */
export const PAGE_ROWS = 2_000;

export interface TableSum {
  rows: number;
  sha256: string;
}

type Row = Record<string, unknown>;

/** The same rows in the same order hash alike on both engines: values as drizzle maps them (booleans, JSON). */
function summer(table: StoreTable) {
  const keys = Object.keys(getTableColumns(table.sqlite));
  const hash = createHash('sha256');
  let rows = 0;
  return {
    add(page: Row[]) {
      for (const row of page) hash.update(`${JSON.stringify(keys.map((k) => row[k] ?? null))}\n`);
      rows += page.length;
    },
    done: (): TableSum => ({ rows, sha256: hash.digest('hex') }),
  };
}

/** Pages of a SQLite table in primary-key order. */
export function* sqlitePages(db: BetterSQLite3Database, table: StoreTable): Generator<Row[]> {
  const cols = getTableColumns(table.sqlite);
  const order = table.keys.map((k) => asc(cols[k]!));
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const page = db
      .select()
      .from(table.sqlite)
      .orderBy(...order)
      .limit(PAGE_ROWS)
      .offset(offset)
      .all() as Row[];
    if (page.length) yield page;
    if (page.length < PAGE_ROWS) return;
  }
}

/** Pages of a PostgreSQL table in primary-key order. */
export async function* pgPages(db: PgDb, table: StoreTable): AsyncGenerator<Row[]> {
  const cols = getTableColumns(table.pg);
  const order = table.keys.map((k) => asc(cols[k]!));
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const page = (await db
      .select()
      .from(table.pg)
      .orderBy(...order)
      .limit(PAGE_ROWS)
      .offset(offset)) as Row[];
    if (page.length) yield page;
    if (page.length < PAGE_ROWS) return;
  }
}

export function sqliteSum(db: BetterSQLite3Database, table: StoreTable): TableSum {
  const sum = summer(table);
  for (const page of sqlitePages(db, table)) sum.add(page);
  return sum.done();
}

export async function pgSum(db: PgDb, table: StoreTable): Promise<TableSum> {
  const sum = summer(table);
  for await (const page of pgPages(db, table)) sum.add(page);
  return sum.done();
}
