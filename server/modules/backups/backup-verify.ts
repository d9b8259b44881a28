import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface VerifyResult {
  /** `ok`, or what SQLite (or opening the file) says is wrong. */
  integrity: string;
  counts: Record<string, number>;
  stations: string[];
  lastMigrationAt: number | null;
  sha256: string;
  bytes: number;
}

/**
 * Runs on a thread of its own: integrity_check of a 1 GB store takes seconds and hashing it
 * more, neither may hold the air thread. Plain CommonJS evaluated in the thread (no build step,
 * no tsx), given better-sqlite3's resolved path. The file is first set to rollback journal mode
 * (a backup copies the store's WAL flag) so the backup is one self-contained file, then opened
 * read-only for every check.
 */
const VERIFY_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const crypto = require('node:crypto');
const Database = require(workerData.sqlitePath);
function copy() {
  // SQLite's VACUUM INTO on a read-only connection of this thread: one read transaction, so the copy
  // is the store as of its start (every write acknowledged before it), and none of the copying —
  // nor the flush of a 1 GB file to disk — ever runs on the air thread.
  const src = new Database(workerData.copyFrom, { readonly: true, fileMustExist: true });
  try {
    src.prepare('VACUUM INTO ?').run(workerData.file);
  } finally {
    src.close();
  }
  const fd = fs.openSync(workerData.file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
function run() {
  if (workerData.copyFrom) copy();
  if (workerData.makeSelfContained) {
    const rw = new Database(workerData.file, { fileMustExist: true });
    rw.pragma('journal_mode = DELETE');
    rw.close();
  }
  const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check');
    const integrity = rows.map((r) => r.integrity_check).join('; ');
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all();
    const counts = {};
    for (const t of tables) counts[t] = db.prepare('SELECT COUNT(*) FROM "' + t.replace(/"/g, '""') + '"').pluck().get();
    const stations = tables.includes('companies') ? db.prepare('SELECT name FROM companies ORDER BY id').pluck().all() : [];
    const lastMigrationAt = tables.includes('__drizzle_migrations') ? db.prepare('SELECT MAX(created_at) FROM __drizzle_migrations').pluck().get() : null;
    return { integrity, counts, stations, lastMigrationAt: lastMigrationAt === null ? null : Number(lastMigrationAt) };
  } finally {
    db.close();
  }
}
function hash() {
  const h = crypto.createHash('sha256');
  const fd = fs.openSync(workerData.file, 'r');
  const buf = Buffer.alloc(1 << 20);
  let bytes = 0;
  try {
    for (;;) {
      const n = fs.readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      h.update(buf.subarray(0, n));
      bytes += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  return { sha256: h.digest('hex'), bytes };
}
try {
  const checked = run();
  parentPort.postMessage({ ok: true, result: { ...checked, ...hash() } });
} catch (err) {
  parentPort.postMessage({ ok: false, error: err && err.message ? err.message : String(err) });
}
`;

const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * With `copyFrom`, first makes `file` a copy of that store (VACUUM INTO). Opens `file` read-only off the air thread: integrity_check, row counts per table, station
 * names, newest migration, SHA-256. A file SQLite cannot open is an integrity failure, not a throw.
 */
export function verifyBackupFile(
  file: string,
  opts: { makeSelfContained?: boolean; copyFrom?: string } = {},
): Promise<VerifyResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(VERIFY_SOURCE, {
      eval: true,
      workerData: {
        file,
        sqlitePath,
        makeSelfContained: opts.makeSelfContained ?? false,
        copyFrom: opts.copyFrom ?? null,
      },
    });
    let settled = false;
    worker.once('message', (msg: { ok: true; result: VerifyResult } | { ok: false; error: string }) => {
      settled = true;
      if (msg.ok) resolve(msg.result);
      else
        resolve({
          integrity: `cannot be opened: ${msg.error}`,
          counts: {},
          stations: [],
          lastMigrationAt: null,
          sha256: '',
          bytes: 0,
        });
      void worker.terminate();
    });
    worker.once('error', (err) => {
      if (!settled) reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`backup check thread stopped (${code})`));
    });
  });
}
