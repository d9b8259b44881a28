import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { HttpError } from '../lib/errors';
import type { TaskHost, TaskMessage } from '../lib/task-host';
import type { WorkerReply } from './worker-main';

/**
 * Where a job pool's tasks run (job-pool.ts): the pool library's threads, or one thread or process
 * of a task host. The pool decides when a task may start (its station's share) and when it is
 * given up on; a runner only runs it — and, when its limit aborts it, stops the thread or process
 * that holds it, so that a hung task never keeps its place: the next task gets a new one.
 */
export interface JobRunner {
  exec(task: Omit<TaskMessage, 'id'>, transfer: Transferable[], limit: AbortSignal): Promise<WorkerReply>;
  /** Starts a thread now, so the first task does not pay for loading the entry beside air. */
  warm(): void;
  readonly threads: number;
  /** The pids of processes this runner started (tests: the wires reader is not the server). */
  readonly pids: number[];
  close(): Promise<void>;
}

export interface ThreadOptions {
  /** Threads at most; one is kept from the first task (or warm) until close. */
  size: number;
  /** Tasks one thread runs at once: 1 for CPU work, more for work that waits on the network. */
  concurrency: number;
  workerData?: unknown;
}

const tsxLoader = () =>
  pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs'))
    .href;

/**
 * Threads of the pool library (piscina) for an entry that exports a jobHandler (worker-main.ts).
 * A .ts entry (tests, `npm start`, benches) loads through tsx in the thread; a .js entry (the
 * desktop bundle) or a plain build (.mjs) as is, without the process's `--import tsx`.
 * Atomics off: an idle thread must keep its event loop running (the outputs thread's device
 * connections, the parse thread's timers), not block between tasks.
 */
export class PoolThreads implements JobRunner {
  private pool: Piscina | null = null;

  constructor(
    private readonly entry: URL,
    private readonly options: ThreadOptions,
  ) {}

  exec(task: Omit<TaskMessage, 'id'>, transfer: Transferable[], limit: AbortSignal): Promise<WorkerReply> {
    const pool = this.current();
    const message = { id: 0, ...task };
    // One task per thread: past its limit the library stops the thread that runs it and starts another.
    if (this.options.concurrency === 1)
      return pool.run(message, { transferList: transfer as never, signal: limit }) as Promise<WorkerReply>;
    // Many per thread: the library runs a task that may be aborted alone on its thread, so the
    // limit is kept here — past it the task is refused at once and the threads are started anew
    // (their other tasks fail, and their callers try again).
    return new Promise<WorkerReply>((resolve, reject) => {
      const onLimit = () => {
        reject(limit.reason as Error);
        this.recycle(pool);
      };
      limit.addEventListener('abort', onLimit, { once: true });
      (pool.run(message, { transferList: transfer as never }) as Promise<WorkerReply>)
        .then(resolve, (err: Error) =>
          reject(
            limit.aborted
              ? (limit.reason as Error)
              : this.recycled.has(pool)
                ? restarted()
                : new Error(`Heavy work failed: ${err.message}`),
          ),
        )
        .finally(() => limit.removeEventListener('abort', onLimit));
    });
  }

  /** Pools stopped because a task outlived its limit: their other tasks are told so. */
  private readonly recycled = new WeakSet<Piscina>();

  private recycle(pool: Piscina): void {
    if (this.pool !== pool) return;
    this.pool = null;
    this.recycled.add(pool);
    void pool.destroy();
  }

  warm(): void {
    this.current();
  }

  get threads(): number {
    return this.pool?.threads.length ?? 0;
  }

  readonly pids: number[] = [];

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private current(): Piscina {
    return (this.pool ??= new Piscina({
      filename: this.entry.href,
      minThreads: 1,
      maxThreads: this.options.size,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: this.options.concurrency,
      atomics: 'disabled',
      workerData: this.options.workerData,
      execArgv: this.entry.pathname.endsWith('.ts') ? ['--import', tsxLoader()] : [],
    }));
  }
}

const restarted = () =>
  new HttpError(
    503,
    'The server started this work anew (another task did not answer in time); try again in a few seconds',
    undefined,
    5,
  );

interface Live {
  host: TaskHost;
  waiting: Map<number, { resolve(reply: WorkerReply): void; reject(err: Error): void }>;
}

/**
 * One thread or process of a task host (server/lib/task-host.ts: the CG files thread, the wires
 * reader process) that runs many tasks at once. A task past its limit stops it (its other tasks
 * fail and are tried again by their callers); a host that dies fails its own tasks alone; the next
 * task starts a new one.
 */
export class HostRunner implements JobRunner {
  private live: Live | null = null;
  private nextId = 1;

  constructor(private readonly start: () => TaskHost) {}

  exec(task: Omit<TaskMessage, 'id'>, transfer: Transferable[], limit: AbortSignal): Promise<WorkerReply> {
    const live = this.current();
    const id = this.nextId++;
    return new Promise<WorkerReply>((resolve, reject) => {
      const onLimit = () => {
        if (!live.waiting.delete(id)) return;
        reject(limit.reason as Error);
        this.recycle(live, 'a task outlived its limit');
      };
      limit.addEventListener('abort', onLimit, { once: true });
      const done = () => limit.removeEventListener('abort', onLimit);
      live.waiting.set(id, {
        resolve: (reply) => (done(), resolve(reply)),
        reject: (err) => (done(), reject(err)),
      });
      live.host.post({ id, ...task }, transfer);
    });
  }

  warm(): void {
    this.current();
  }

  get threads(): number {
    return this.live ? 1 : 0;
  }

  get pids(): number[] {
    const pid = this.live?.host.pid;
    return pid === undefined ? [] : [pid];
  }

  async close(): Promise<void> {
    const live = this.live;
    this.live = null;
    if (!live) return;
    await live.host.stop();
    this.fail(live, new Error('Worker stopped: the server is shutting down'));
  }

  private current(): Live {
    if (this.live) return this.live;
    const live: Live = { host: this.start(), waiting: new Map() };
    live.host.listen(
      (reply) => {
        const r = reply as WorkerReply;
        const waiter = live.waiting.get(r.id);
        if (!waiter) return; // given up on: a late answer
        live.waiting.delete(r.id);
        waiter.resolve(r);
      },
      (err) => this.recycle(live, err.message),
    );
    return (this.live = live);
  }

  private recycle(live: Live, why: string): void {
    if (this.live === live) this.live = null;
    this.fail(live, new Error(`Heavy work failed: ${why}`));
    void live.host.stop();
  }

  private fail(live: Live, err: Error): void {
    const waiting = [...live.waiting.values()];
    live.waiting.clear();
    waiting.forEach((w) => w.reject(err));
  }
}
