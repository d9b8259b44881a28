import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import Database from 'better-sqlite3';
import { is, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { SQLiteDialect } from 'drizzle-orm/sqlite-core';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Semaphore } from '../lib/semaphore';
import type { Database_ } from './client';
import type { PostgresStore } from './pg-client';
import * as pgSchema from './pg-schema';
import * as sqliteSchema from './schema';
import { DB_FILE } from './store-file';
import { commitWithoutFsync, syncWalOffLoop } from './fast-commit';

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

/**
 * When a write's commit reaches the disk (docs/design-rules.md §4):
 * - 'now' (default): before the promise resolves, as every user's save;
 * - 'off-loop': before it resolves too, but SQLite's fsync runs on libuv's pool, not on the event
 *   loop an on-air write needs (a job's closing write, a feed's poll state);
 * - 'later': a long job's slice — durable with the job's closing 'now' or 'off-loop' write, or the
 *   next off-loop sync between slices (PostgreSQL: synchronous_commit off for this transaction).
 */
export type Durability = 'now' | 'off-loop' | 'later';
export interface WriteOptions {
  durability?: Durability;
}

/** The engine's own tables for a query handle a store gave out (a read's `q` or a write's `tx`). */
export function tablesOf(q: Q): Tables {
  return isSqlite(q) ? (sqliteSchema as unknown as Tables) : pgSchema;
}

/** Whether a handle queries SQLite (the dialect module's switch between the engines' SQL). */
export function isSqlite(q: Q): boolean {
  return is((q as unknown as { dialect: unknown }).dialect, SQLiteDialect);
}

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
  write<T>(writer: Writer, fn: (tx: Q) => Promise<T>, options?: WriteOptions): Promise<T>;
  close(): Promise<void>;
}

/**
 * The write whose body is running, per async call chain. A write or read started inside a body
 * (a service calling another service's method that writes or reads) joins that write — as a
 * savepoint for a write — instead of waiting for a lock its own caller holds, and sees the
 * body's rows written so far.
 */
interface OpenWrite {
  tx: Q;
  savepoint<T>(writer: Writer, fn: () => Promise<T>): Promise<T>;
  /** What runs once the outermost write commits (events); dropped if it rolls back. */
  afterCommit: Array<() => void>;
  /** Set when the write ended: work a body started without waiting for it then joins nothing. */
  ended?: boolean;
}
const openWrite = new AsyncLocalStorage<OpenWrite>();

/** The write a body runs in, if any: what `read` and a nested `write` join. */
function joined(): OpenWrite | undefined {
  const open = openWrite.getStore();
  return open?.ended ? undefined : open;
}

/**
 * Runs `fn` once the write the caller is inside commits — at once outside a write. The event bus
 * publishes through it: a service that announces its change after its own write resolves may have
 * been joined into another's write, and nobody may hear of rows that are not committed (or that a
 * rollback then removes).
 */
export function afterCommit(fn: () => void): void {
  const open = joined();
  if (open) open.afterCommit.push(fn);
  else fn();
}

/** Runs a body as a savepoint: its after-commit work is dropped with it if it fails. */
async function asSavepoint<T>(open: OpenWrite, run: () => Promise<T>): Promise<T> {
  const mark = open.afterCommit.length;
  try {
    return await run();
  } catch (err) {
    open.afterCommit.length = mark;
    throw err;
  }
}

function runAfterCommit(work: Array<() => void>): void {
  for (const fn of work) fn();
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
    read: (fn) => fn(joined()?.tx ?? readDb),
    write: async (writer_, fn, options = {}) => {
      const open = joined();
      if (open) return asSavepoint(open, () => open.savepoint(writer_, () => fn(open.tx)));
      const durability = options.durability ?? 'now';
      const open_: OpenWrite = { tx: writeDb, savepoint: sqliteSavepoint(writer), afterCommit: [] };
      const result = await lock.run(() =>
        openWrite.run(open_, () => {
          const transaction = async () => {
            try {
              writer.sqlite.exec('BEGIN IMMEDIATE');
              const result = await fn(writeDb);
              writer.sqlite.exec('COMMIT');
              return result;
            } catch (err) {
              if (writer.sqlite.inTransaction) writer.sqlite.exec('ROLLBACK');
              throw err;
            } finally {
              open_.ended = true;
            }
          };
          // A slice's or a closing write's commit is not fsynced on the event loop (db/fast-commit.ts).
          return durability === 'now' ? transaction() : commitWithoutFsync(writer.db, transaction);
        }),
      );
      runAfterCommit(open_.afterCommit);
      if (durability === 'off-loop') await syncWalOffLoop();
      return result;
    },
    close: () => {
      reader.close();
      return Promise.resolve();
    },
  };
}

/** A savepoint on the SQLite writing connection: a joined write that fails undoes its own rows only. */
function sqliteSavepoint(writer: Database_): OpenWrite['savepoint'] {
  let depth = 0;
  return async (_writer, fn) => {
    const name = `joined_${++depth}`;
    writer.sqlite.exec(`SAVEPOINT ${name}`);
    try {
      const result = await fn();
      writer.sqlite.exec(`RELEASE ${name}`);
      return result;
    } catch (err) {
      writer.sqlite.exec(`ROLLBACK TO ${name}`);
      writer.sqlite.exec(`RELEASE ${name}`);
      throw err;
    } finally {
      depth--;
    }
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
    read: (fn) => fn(joined()?.tx ?? db),
    write: async (writer, fn, options = {}) => {
      const open = joined();
      if (open) return asSavepoint(open, () => open.savepoint(writer, () => fn(open.tx)));
      const open_: OpenWrite = {
        tx: db,
        savepoint: () => Promise.reject(new Error('no transaction')),
        afterCommit: [],
      };
      const lockFor = (tx: Q, who: Writer) =>
        tx.execute(sql`select pg_advisory_xact_lock(${WRITER_LOCK_SPACE}, ${who === 'server' ? 0 : who})`);
      const result = await db
        .transaction((tx) => {
          // A joined write of another station also holds that station's lock until the commit.
          const savepoint: OpenWrite['savepoint'] = (who, inner) =>
            tx.transaction(async () => {
              if (who !== writer) await lockFor(tx, who);
              return inner();
            });
          Object.assign(open_, { tx, savepoint });
          return openWrite.run(open_, async () => {
            await lockFor(tx, writer);
            // A slice of a long job: its closing write's flush makes it durable (WAL order).
            if (options.durability === 'later') await tx.execute(sql`set local synchronous_commit = off`);
            return fn(tx);
          });
        })
        .finally(() => (open_.ended = true));
      runAfterCommit(open_.afterCommit);
      return result;
    },
    close: () => pgStore.close(),
  };
}

/**
 * A repository: its queries run on the handle it is given (a read's `q` or a write's `tx`), on the
 * engine's own tables (`this.t`).
 */
export abstract class Repo {
  protected readonly t: Tables;

  constructor(protected readonly db: Q) {
    this.t = tablesOf(db);
  }
}
