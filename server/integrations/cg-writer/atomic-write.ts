import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { CG_WRITE_RETRY_BUDGET_MS } from '../../../shared/constants';

/** The file operations the writer needs; tests swap `rename` to act like a locked Windows file. */
export interface FsOps {
  rename(from: string, to: string): Promise<void> | void;
}

export const realFs: FsOps = { rename: (from, to) => fsp.rename(from, to) };
/** The same call, synchronous (the CG files thread: renameIntoPlace). */
const realFsNow: FsOps = { rename: (from, to) => fs.renameSync(from, to) };

/** Raised when a file could not be replaced in time; the API turns it into 503. */
export class CgWriteError extends Error {
  constructor(
    readonly filePath: string,
    readonly code: string | undefined,
    /** What happened, when the code alone would not say (a folder that stopped answering). */
    reason?: string,
  ) {
    super(`Could not write ${path.basename(filePath)}${reason ? `: ${reason}` : code ? ` (${code})` : ''}`);
  }
}

// Windows refuses a rename over a file another program (vMix, CasparCG) has open right now.
const TRANSIENT = new Set(['EPERM', 'EBUSY', 'EACCES']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Replaces `filePath` with `content` so a reader sees either the old or the new text, never a
 * partial or empty one: write a temp file in the same folder, fsync it, rename over the target.
 * UTF-8 without BOM, no trailing newline — the file holds exactly the text. `durable: false`
 * skips the fsync (readers still never see a partial file; only a power cut could lose it).
 */
/** Our temp files: `.<file>.<12 hex>.tmp` (see writeFileAtomic). Nothing else in the folder matches. */
const TEMP_NAME = /^\..+\.[0-9a-f]{12}\.tmp$/;
/** Our folder probe (cg-folders.ts) is ours too. */
const PROBE_NAME = /^\.cgb-probe-\d+-\d+\.tmp$/;
export const isOurTempName = (name: string): boolean => TEMP_NAME.test(name) || PROBE_NAME.test(name);
export const tempNameFor = (filePath: string): string =>
  path.join(path.dirname(filePath), `.${path.basename(filePath)}.${randomBytes(6).toString('hex')}.tmp`);

/**
 * Removes temp files a crash (kill -9, power cut) left between write and rename. Only our own
 * naming pattern: a graphics operator's files in the folder are never touched. Returns the count.
 */
export async function removeLeftoverTemps(dir: string): Promise<number> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const ours = names.filter((n) => TEMP_NAME.test(n));
  await Promise.all(ours.map((n) => fsp.rm(path.join(dir, n), { force: true })));
  return ours.length;
}

export async function writeFileAtomic(
  filePath: string,
  content: string,
  ops: FsOps = realFs,
  durable = true,
): Promise<void> {
  const temp = tempNameFor(filePath);
  try {
    const handle = await fsp.open(temp, 'w');
    try {
      await handle.writeFile(content, 'utf8');
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await renameWithRetry(temp, filePath, ops);
  } catch (err) {
    await fsp.rm(temp, { force: true }).catch(() => undefined);
    if (err instanceof CgWriteError) throw err;
    throw new CgWriteError(filePath, (err as NodeJS.ErrnoException).code);
  }
}

/**
 * The first half of a replacement with synchronous calls, for the CG files thread only
 * (server/workers/cg-file-io.ts), where blocking is the point: one thread does the write in one go
 * instead of round trips through libuv's pool. Never on the air thread: a disk that stops
 * answering would hold the server. Returns the temp file, written (and fsynced when `durable`).
 */
export function writeTempNow(filePath: string, content: string, durable: boolean): string {
  const temp = tempNameFor(filePath);
  try {
    const fd = fs.openSync(temp, 'w');
    try {
      fs.writeFileSync(fd, content, 'utf8');
      if (durable) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return temp;
  } catch (err) {
    discardTemp(temp);
    throw new CgWriteError(filePath, (err as NodeJS.ErrnoException).code);
  }
}

/** The second half: the temp file renamed over the target (synchronously; a lock's retries wait asynchronously). */
export async function renameIntoPlace(temp: string, filePath: string): Promise<void> {
  try {
    await renameWithRetry(temp, filePath, realFsNow);
  } catch (err) {
    discardTemp(temp);
    throw err;
  }
}

/** A temp file that will not be renamed (a failure, or a write given up on): removed. */
export function discardTemp(temp: string): void {
  try {
    fs.rmSync(temp, { force: true });
  } catch {
    // Already gone, or the folder with it.
  }
}

async function renameWithRetry(from: string, to: string, ops: FsOps): Promise<void> {
  const started = Date.now();
  for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
    try {
      await ops.rename(from, to);
      return;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (!code || !TRANSIENT.has(code) || Date.now() - started + delay > CG_WRITE_RETRY_BUDGET_MS) {
        throw new CgWriteError(to, code);
      }
      await sleep(delay);
    }
  }
}
