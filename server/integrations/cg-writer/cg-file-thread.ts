import { startThread } from '../../lib/task-host';
import { LATE, orLate } from '../../lib/time-limit';
import { plainThreadEntry } from '../../lib/thread-bundle';
import type { CG_FILE_TASKS } from '../../workers/cg-file-worker';
import { workerEntry } from '../../workers/entries';
import { JobPool } from '../../workers/job-pool';
import { HostRunner } from '../../workers/job-runners';
import { WRITE_ABANDONED, WRITE_PENDING, type CgFileResult, type CgFileWrite } from '../../workers/cg-file-io';
import { CgWriteError } from './atomic-write';

/**
 * How long one CG write may take on the thread: the rename's retry budget for a Windows lock
 * (CG_WRITE_RETRY_BUDGET_MS, 1 s) with room to spare. A write that has not finished by then fails
 * now with a clear message instead of hanging the operator's request (a disk or mapped drive that
 * stopped answering), and the next write gets a new thread.
 */
export const CG_FILE_PATIENCE_MS = 3_000;

/** The thread's entry for the module at `hostUrl`: the source under tsx, or cg-file-worker.js beside the built server.js. */
export const cgFileWorkerEntry = (hostUrl: string = import.meta.url): URL => workerEntry(hostUrl, 'cg-file-worker');

/**
 * The CG files thread: every CG text file is replaced there with synchronous calls, one message
 * each way per write, instead of five hops per file between the air thread and libuv's pool
 * (server/workers/cg-file-io.ts). A thread of the server at normal priority — it is air — and not
 * the air thread itself, so a disk that stops answering holds this thread, never the server.
 */
export class CgFileThread {
  /** The thread's pool, once its entry is ready (from source it is built first: lib/thread-bundle.ts). */
  private pool: Promise<JobPool<typeof CG_FILE_TASKS>> | null = null;
  private live: JobPool<typeof CG_FILE_TASKS> | null = null;

  constructor(
    private readonly entry: URL = cgFileWorkerEntry(),
    private readonly patienceMs = CG_FILE_PATIENCE_MS,
  ) {}

  /** Starts the thread before the first write needs it (at server start, with the start-up resync). */
  warm(): void {
    void this.current().then(
      (pool) => pool.warm(),
      () => undefined,
    );
  }

  /**
   * Replaces the files (all, or none when one cannot be written); rejects with the first failure's
   * CgWriteError. After `patienceMs` the write is given up on — unless the thread has already
   * begun its renames, which are then awaited: a write the operator was told failed never lands.
   */
  async replace(files: CgFileWrite[]): Promise<void> {
    const starting = this.current();
    const state = new Int32Array(new SharedArrayBuffer(4));
    let results: CgFileResult[];
    try {
      const answer = (await starting).task('cg.replace', { files, state });
      const first = await orLate(answer, this.patienceMs);
      if (first === LATE && Atomics.compareExchange(state, 0, WRITE_PENDING, WRITE_ABANDONED) === WRITE_PENDING) {
        this.abandon(starting);
        throw new CgWriteError(
          files[0]?.path ?? '',
          'ETIMEDOUT',
          `the folder did not answer within ${this.patienceMs / 1000} s`,
        );
      }
      // LATE but the thread had begun its renames: they land, and the write answers as they do.
      results = first === LATE ? await answer : first;
    } catch (err) {
      if (err instanceof CgWriteError) throw err;
      throw new CgWriteError(files[0]?.path ?? '', undefined, err instanceof Error ? err.message : String(err));
    }
    // The file that failed (with its code) rather than the others of the write, left untouched.
    const failures = results.flatMap((r, i) => (r.ok ? [] : [{ path: files[i]!.path, code: r.code }]));
    const failed = failures.find((f) => f.code !== null) ?? failures[0];
    if (failed) throw new CgWriteError(failed.path, failed.code ?? undefined);
  }

  /** Threads running now (0 or 1; tests). */
  get threads(): number {
    return this.live?.threads ?? 0;
  }

  /** Writes the thread has answered (tests: CG files are written here, not on the air thread). */
  get answered(): number {
    return this.live?.answered.get('cg.replace') ?? 0;
  }

  close(): Promise<void> {
    const pool = this.pool;
    [this.pool, this.live] = [null, null];
    return pool
      ? pool.then(
          (p) => p.close(),
          () => undefined,
        )
      : Promise.resolve();
  }

  private current(): Promise<JobPool<typeof CG_FILE_TASKS>> {
    if (this.pool) return this.pool;
    const starting = this.start();
    // A start that failed (the entry could not be built) is tried again by the next write.
    starting.catch(() => {
      if (this.pool === starting) this.pool = null;
    });
    return (this.pool = starting);
  }

  private async start(): Promise<JobPool<typeof CG_FILE_TASKS>> {
    // From source: the entry as plain JavaScript, started without the process's `--import tsx`
    // (tsx in an always-on thread cost ~30 MB RSS; plain, ~9 MB — lib/thread-bundle.ts).
    const fromSource = this.entry.pathname.endsWith('.ts');
    const entry = fromSource ? await plainThreadEntry(this.entry) : this.entry;
    const runner = new HostRunner(() => startThread(entry, { air: true }, fromSource ? [] : undefined));
    // Many at once: a rename waiting out a Windows lock must not hold other stations' writes. Its
    // own patience (above) ends a write long before the pool's limit, a backstop.
    return (this.live = new JobPool({ runner, slots: 64, maxQueue: 4096, timeoutMs: 60_000 }));
  }

  /** A thread stuck in a file call cannot be interrupted: it is left to finish, and the next write starts a new one. */
  private abandon(starting: Promise<JobPool<typeof CG_FILE_TASKS>>): void {
    if (this.pool !== starting) return;
    [this.pool, this.live] = [null, null];
    void starting.then((p) => p.close());
  }
}
