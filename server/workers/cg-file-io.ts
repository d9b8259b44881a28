import { CgWriteError, discardTemp, renameIntoPlace, writeTempNow } from '../integrations/cg-writer/atomic-write';

/** One file of a CG write: replaced atomically; `durable` fsyncs the temp file before the rename (cg.json skips it). */
export interface CgFileWrite {
  path: string;
  content: string;
  durable: boolean;
}

/**
 * The state of one write, shared between the air thread and the CG files thread (one Int32 in a
 * SharedArrayBuffer). Whoever moves it away from PENDING first decides: the thread before its
 * renames (COMMITTING: the files land), or the air thread when its patience ran out (ABANDONED:
 * the operator was told the write failed, so it must never land later).
 */
export const WRITE_PENDING = 0;
export const WRITE_COMMITTING = 1;
export const WRITE_ABANDONED = 2;

export interface CgFileTask {
  files: CgFileWrite[];
  state: Int32Array;
}

/** Per file, in the order given: replaced, or the error code it failed with (null: not attempted). */
export type CgFileResult = { ok: true } | { ok: false; code: string | null };

/**
 * The CG files thread's task (cg-file-worker.ts): every file of one CG write replaced with
 * synchronous calls — one wake of this thread and one of the air thread per write, where the same
 * replacement through libuv's pool took five round trips per file (open, write, fsync, close,
 * rename), each waiting for a core while other work ran (docs/performance.md, "CG files on a thread of their own").
 *
 * All temp files first, then all renames: a write whose any file cannot be written puts none of
 * its files on air. A write the air thread gave up on while a call hung is discarded here.
 */
export async function replaceCgFiles({ files, state }: CgFileTask): Promise<CgFileResult[]> {
  const temps: string[] = [];
  let failedAt = -1;
  let code: string | null = null;
  for (const [i, f] of files.entries()) {
    try {
      temps.push(writeTempNow(f.path, f.content, f.durable));
    } catch (err) {
      [failedAt, code] = [i, err instanceof CgWriteError ? (err.code ?? null) : null];
      break;
    }
  }
  if (failedAt < 0 && Atomics.compareExchange(state, 0, WRITE_PENDING, WRITE_COMMITTING) !== WRITE_PENDING) {
    [failedAt, code] = [0, 'ETIMEDOUT'];
  }
  if (failedAt >= 0) {
    temps.forEach(discardTemp);
    return files.map((_, i) => (i === failedAt ? { ok: false, code } : { ok: false, code: null }));
  }
  const renamed = await Promise.allSettled(temps.map((temp, i) => renameIntoPlace(temp, files[i]!.path)));
  return renamed.map((r) =>
    r.status === 'fulfilled'
      ? { ok: true }
      : { ok: false, code: r.reason instanceof CgWriteError ? (r.reason.code ?? null) : null },
  );
}
