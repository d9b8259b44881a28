import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Semaphore } from '../lib/semaphore';
import type { Database_ } from './client';
import type { PostgresStore } from './pg-client';
import * as pgSchema from './pg-schema';
import * as sqliteSchema from './schema';
import { DB_FILE } from './store-file';

/**
 * One async store API on both engines (issue 42; the plan: docs/postgresql.md "What comes next").
 * Repositories query through the `q` / `tx` they are handed, written once with drizzle's builder.
 * `Q` is typed as PostgreSQL's builder; on SQLite it is drizzle's SQLite builder, whose methods
 * repositories use under the same names (select, insert … returning, update, delete, onConflict…),
 * and the tables are the engine's own (`store.tables`). What differs between the engines will sit in one small dialect module beside this one.
 */
export type Q = PgDatabase<PgQueryResultHKT, typeof pgSchema>;
export type Tables = typeof pgSchema;

/** Whose data a write changes: a station's id, or 'server' for rows of no one station. */
export type Writer = number | 'server';

export interface Store {
  readonly engine: 'sqlite' | 'postgres';
  readonly tables: Tables;
  /** Reads outside a write: never see a write in progress (SQLite: a read-only connection of its own). */
  read<T>(fn: (q: Q) => Promise<T>): Promise<T>;
  /**
   * A write, committed whole or not at all. Writes of one station run one at a time on every
   * engine and every server sharing the store, so a check made inside the body holds until it
   * commits (last owner, last unit of stock, take once). The body awaits its queries only — no
   * files, hashing or network — and publishes nothing: events go out after the promise resolves.
   */
  write<T>(writer: Writer, fn: (tx: Q) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A write started inside another write's body would wait for itself: refused at once instead. */
export const NESTED_WRITE_MESSAGE = 'A store write was started inside another write; pass its tx instead';
const inWrite = new AsyncLocalStorage<true>();

function refuseNested(): void {
  if (inWrite.getStore()) throw new Error(NESTED_WRITE_MESSAGE);
}

/**
 * SQLite: one writing connection behind an in-process lock (SQLite has one writer anyway, and
 * better-sqlite3's own transactions cannot hold an await), BEGIN IMMEDIATE … COMMIT around the
 * body; reads on a second, read-only connection, which in WAL mode sees committed rows only.
 */
export function sqliteStore(dataDir: string, writer: Database_): Store {
  const reader = new Database(path.join(dataDir, DB_FILE), { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  const readDb = drizzle(reader, { schema: sqliteSchema }) as unknown as Q;
  const writeDb = writer.db as unknown as Q;
  const lock = new Semaphore(1);
  return {
    engine: 'sqlite',
    tables: sqliteSchema as unknown as Tables,
    read: (fn) => fn(readDb),
    write: async (_writer, fn) => {
      refuseNested();
      return lock.run(() =>
        inWrite.run(true, async () => {
          writer.sqlite.exec('BEGIN IMMEDIATE');
          try {
            const result = await fn(writeDb);
            writer.sqlite.exec('COMMIT');
            return result;
          } catch (err) {
            if (writer.sqlite.inTransaction) writer.sqlite.exec('ROLLBACK');
            throw err;
          }
        }),
      );
    },
    close: () => {
      reader.close();
      return Promise.resolve();
    },
  };
}

/** The advisory-lock key space of CG Bridge's writers ('CGB1'); the second key is the station. */
const WRITER_LOCK_SPACE = 0x43474231;

/**
 * PostgreSQL: a transaction on a pooled connection that first takes the station's advisory lock
 * (pg_advisory_xact_lock, released by COMMIT or ROLLBACK): the station's writes are serialised
 * across every server on the store, as SQLite's single writer serialises them on one PC, while
 * other stations write in parallel. Under READ COMMITTED each statement after the lock sees every
 * write committed before it.
 */
export function postgresStore(pgStore: PostgresStore): Store {
  const db = pgStore.db as unknown as Q;
  return {
    engine: 'postgres',
    tables: pgSchema,
    read: (fn) => fn(db),
    write: async (writer, fn) => {
      refuseNested();
      return inWrite.run(true, () =>
        db.transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(${WRITER_LOCK_SPACE}, ${writer === 'server' ? 0 : writer})`,
          );
          return fn(tx);
        }),
      );
    },
    close: () => pgStore.close(),
  };
}
