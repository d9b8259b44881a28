import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** WAL files holding commits made without an fsync, not yet synced off the loop. */
const unsynced = new Set<string>();

/** The database file behind a drizzle handle (better-sqlite3's `name`); undefined for an in-memory store. */
function walOf(db: DbOrTx): string | undefined {
  const name = (db as { $client?: { name?: string; memory?: boolean } }).$client;
  return name?.name && !name.memory ? `${name.name}-wal` : undefined;
}

/**
 * Runs `run` (which commits a transaction) with synchronous = NORMAL, then puts the connection back
 * to FULL before anything else can use it. A FULL commit fsyncs the WAL on the event loop (~3–15 ms
 * here, more than a slice's own work); long jobs commit their slices this way and end with one
 * FULL commit (their activity entry), whose fsync makes every earlier slice durable before the
 * answer. SQLite refuses to change the setting inside a transaction, hence around it.
 *
 * The WAL is remembered as unsynced: `syncWalOffLoop` (called between slices by yieldToAir)
 * fsyncs it on libuv's pool. Without that, the first FULL commit after the slices — the job's own
 * or an on-air write's — flushed every slice's pages at once, on the event loop: a 120–170 ms
 * stall while 8 wire feeds stored 24 000 items (bench/loop-blocks.ts, issue 26).
 */
export async function commitWithoutFsync<T>(db: DbOrTx, run: () => T | Promise<T>): Promise<T> {
  db.run(sql.raw('PRAGMA synchronous = NORMAL'));
  try {
    return await run();
  } finally {
    db.run(sql.raw('PRAGMA synchronous = FULL'));
    const wal = walOf(db);
    if (wal) unsynced.add(wal);
  }
}

/** The off-loop syncs in flight, one after another: resolves when all asked for so far are done. */
let syncing: Promise<void> = Promise.resolve();

/**
 * fsyncs the WAL files that slices committed to without one, on libuv's thread pool. An fsync
 * flushes the file's dirty pages whatever descriptor asks, so SQLite's next FULL commit finds
 * little left to flush. Opened read-write because Windows will not flush a read-only handle; never
 * written. A WAL reset or removed meanwhile (checkpoint, close) is fine: nothing to sync then.
 * Resolves once every commit made before the call is on disk — also when another caller's sync
 * took its file: then it waits for that one.
 */
export function syncWalOffLoop(): Promise<void> {
  if (unsynced.size === 0) return syncing;
  const files = [...unsynced];
  unsynced.clear();
  syncing = syncing.then(() => syncFiles(files));
  return syncing;
}

async function syncFiles(files: string[]): Promise<void> {
  for (const file of files) {
    const handle = await fs.open(file, 'r+').catch(() => null);
    if (!handle) continue;
    try {
      await handle.sync();
    } catch {
      // A failed early flush loses nothing: the job's FULL commit still syncs before it answers.
    } finally {
      await handle.close();
    }
  }
}

/** For tests: whether a WAL waits for its off-loop sync. */
export function hasUnsyncedWal(db: DbOrTx): boolean {
  const wal = walOf(db);
  return wal !== undefined && unsynced.has(wal);
}
