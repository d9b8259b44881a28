import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { OnAirGate } from '../lib/on-air-gate';
import { yieldToAir } from '../lib/time-slices';
import { openDatabase } from './client';
import { commitWithoutFsync, hasUnsyncedWal, syncWalOffLoop } from './fast-commit';
import { sqliteStore } from './store';
import { REPO_ROOT } from '../config';

const stores: Array<{ close(): void; dir: string }> = [];
afterEach(() => {
  for (const s of stores.splice(0)) {
    s.close();
    fs.rmSync(s.dir, { recursive: true, force: true });
  }
});

function store() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-fast-commit-'));
  const opened = openDatabase(dir, path.join(REPO_ROOT, 'server', 'db', 'migrations'));
  stores.push({ close: () => opened.close(), dir });
  return opened;
}

describe('commits without an fsync (slices of long jobs)', () => {
  it('commit with synchronous NORMAL, leave the connection FULL, and have their WAL synced off the loop at the next yield', async () => {
    const { db, sqlite } = store();
    await commitWithoutFsync(db, () =>
      db.transaction((tx) => tx.run(sql.raw('CREATE TABLE IF NOT EXISTS t (v TEXT)'))),
    );
    await commitWithoutFsync(db, () => db.transaction((tx) => tx.run(sql.raw("INSERT INTO t VALUES ('slice')"))));
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
    expect(hasUnsyncedWal(db)).toBe(true);
    await yieldToAir(new OnAirGate());
    expect(hasUnsyncedWal(db)).toBe(false);
    expect(sqlite.prepare('SELECT v FROM t').pluck().all()).toEqual(['slice']);
  });

  it('a WAL gone by the time of the sync is no error', async () => {
    const { db } = store();
    await commitWithoutFsync(db, () =>
      db.transaction((tx) => tx.run(sql.raw('CREATE TABLE IF NOT EXISTS t (v TEXT)'))),
    );
    const opened = stores.pop()!;
    opened.close(); // the last connection's close checkpoints and removes the -wal file
    try {
      await expect(yieldToAir(new OnAirGate())).resolves.toBeUndefined();
    } finally {
      fs.rmSync(opened.dir, { recursive: true, force: true });
    }
  });

  it('a second caller waits for the sync the first one started: both resolve with the commit on disk', async () => {
    const { db } = store();
    await commitWithoutFsync(db, () =>
      db.transaction((tx) => tx.run(sql.raw('CREATE TABLE IF NOT EXISTS t (v TEXT)'))),
    );
    let firstSynced = false;
    const first = syncWalOffLoop().then(() => (firstSynced = true));
    // The first call took the WAL off the list; this one has nothing of its own to sync.
    expect(hasUnsyncedWal(db)).toBe(false);
    await syncWalOffLoop();
    expect(firstSynced).toBe(true);
    await first;
  });

  it('a durable commit off the loop resolves with its result, its WAL synced, the connection back to FULL', async () => {
    const store_ = store();
    const { db, sqlite } = store_;
    await commitWithoutFsync(db, () =>
      db.transaction((tx) => tx.run(sql.raw('CREATE TABLE IF NOT EXISTS t (v TEXT)'))),
    );
    const writes = sqliteStore(path.dirname(sqlite.name), store_);
    const n = await writes.write(
      'server',
      (tx) => Promise.resolve((tx as unknown as typeof db).run(sql.raw("INSERT INTO t VALUES ('state')")).changes),
      {
        durability: 'off-loop',
      },
    );
    await writes.close();
    expect(n).toBe(1);
    expect(hasUnsyncedWal(db)).toBe(false);
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });
});
