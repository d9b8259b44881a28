import { Worker } from 'node:worker_threads';

/** A second disk or a share gets this long per step (the probe, or each 4 MB of a copy) before it is given up. */
export const OFFSITE_TIMEOUT_MS = 5_000;

/**
 * The off-PC folder's file calls run on a thread of their own with synchronous calls: a share
 * that hangs then holds that thread only — never the air thread, and never one of libuv's pool
 * threads, which CG writes need (an fs.promises call on a dead mount would keep one forever).
 * A copy goes to `.partial-<name>`, is fsynced, then renamed: a cut copy never looks complete.
 */
const FOLDER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
function mkdirs(dir) {
  const missing = [];
  let cur = path.resolve(dir);
  while (!fs.existsSync(cur)) { const up = path.dirname(cur); if (up === cur) break; missing.unshift(cur); cur = up; }
  for (const d of missing) { try { fs.mkdirSync(d); } catch (e) { if (e.code !== 'EEXIST') throw e; } }
}
function copyDurably(from, dir, name) {
  const tmp = path.join(dir, '.partial-' + name);
  const src = fs.openSync(from, 'r');
  const dst = fs.openSync(tmp, 'w');
  const buf = Buffer.alloc(4 << 20);
  try {
    for (;;) {
      const n = fs.readSync(src, buf, 0, buf.length, null);
      if (n === 0) break;
      fs.writeSync(dst, buf, 0, n);
      parentPort.postMessage({ progress: n });
    }
    fs.fsyncSync(dst);
  } finally { fs.closeSync(src); fs.closeSync(dst); }
  fs.renameSync(tmp, path.join(dir, name));
}
try {
  const { op, folder } = workerData;
  const st = fs.existsSync(folder) ? fs.statSync(folder) : null;
  if (st && !st.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  // Only the check at save time creates the folder. A copy into a folder that is gone (a share not
  // connected, a disk unplugged) fails: creating it would put the "off-PC" copy on this PC's disk.
  if (op === 'probe') mkdirs(folder);
  else if (!st) throw Object.assign(new Error('gone'), { code: 'GONE' });
  const real = fs.realpathSync(folder);
  if (op === 'probe') {
    const probe = path.join(folder, '.cgb-backup-probe-' + process.pid + '.tmp');
    fs.writeFileSync(probe, 'probe');
    fs.rmSync(probe, { force: true });
  } else {
    for (const f of workerData.files) copyDurably(f.from, folder, f.name);
  }
  parentPort.postMessage({ ok: true, real });
} catch (err) {
  parentPort.postMessage({ ok: false, code: err.code || 'error', message: err.message || String(err) });
}
`;

export type FolderOutcome = { ok: true; real: string } | { ok: false; message: string };

function runFolderThread(data: Record<string, unknown>, folder: string, timeoutMs: number): Promise<FolderOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(FOLDER_SOURCE, { eval: true, workerData: { ...data, folder } });
    // A thread stuck in a call that never returns keeps nothing else alive.
    worker.unref();
    const done = (outcome: FolderOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
      // Never awaited: a thread stuck in a blocked syscall cannot stop until the call returns.
      void worker.terminate();
    };
    const late = () =>
      done({ ok: false, message: `The backup folder did not answer within ${timeoutMs / 1000} s: ${folder}` });
    // The time limit is per step, not per copy: a 1 GB copy to a slow share is fine while it moves.
    let timer = setTimeout(late, timeoutMs);
    worker.on(
      'message',
      (msg: { progress: number } | { ok: true; real: string } | { ok: false; code: string; message: string }) => {
        if ('progress' in msg) {
          clearTimeout(timer);
          timer = setTimeout(late, timeoutMs);
          return;
        }
        if (!msg.ok && msg.code === 'GONE')
          return done({
            ok: false,
            message: `The backup folder is not there (a share not connected, a disk unplugged?): ${folder}`,
          });
        done(msg.ok ? msg : { ok: false, message: `The backup folder cannot be written (${msg.code}): ${folder}` });
      },
    );
    worker.once('error', (err) =>
      done({ ok: false, message: `The backup folder cannot be written (${err.message}): ${folder}` }),
    );
  });
}

/** Creates the folder if need be, writes and removes a probe file; its real path when it works. */
export const probeFolder = (folder: string, timeoutMs = OFFSITE_TIMEOUT_MS) =>
  runFolderThread({ op: 'probe' }, folder, timeoutMs);

/** Copies files (backup, then its manifest) durably into the folder; fails when a step stalls for `timeoutMs`. */
export const copyToFolder = (
  folder: string,
  files: Array<{ from: string; name: string }>,
  timeoutMs = OFFSITE_TIMEOUT_MS,
) => runFolderThread({ op: 'copy', files }, folder, timeoutMs);
