import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';
import { DB_FILE } from './store-file';

export type Db = BetterSQLite3Database<typeof schema>;
/** The database or a transaction on it: repositories accept either. */
export type DbOrTx = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;

export interface Database_ {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

export { DB_FILE };

/**
 * Opens the store with the durability settings of docs/design-rules.md §4 and asserts them, because a
 * silently-ignored pragma (e.g. on a read-only or network folder) would lose acknowledged writes.
 */
export function openDatabase(dataDir: string, migrationsDir: string): Database_ {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(path.join(dataDir, DB_FILE));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  assertPragmas(sqlite);
  const db = drizzle(sqlite, { schema });
  // drizzle's migrator applies all pending migrations inside one transaction.
  migrate(db, { migrationsFolder: migrationsDir });
  return { db, sqlite, close: () => sqlite.close() };
}

function assertPragmas(sqlite: Database.Database): void {
  const mode = sqlite.pragma('journal_mode', { simple: true });
  const sync = sqlite.pragma('synchronous', { simple: true });
  const fk = sqlite.pragma('foreign_keys', { simple: true });
  if (mode !== 'wal') throw new Error(`SQLite journal_mode is ${String(mode)}, expected wal`);
  if (sync !== 2) throw new Error(`SQLite synchronous is ${String(sync)}, expected 2 (FULL)`);
  if (fk !== 1) throw new Error('SQLite foreign_keys could not be enabled');
}
