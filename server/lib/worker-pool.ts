import type { Transferable } from 'node:worker_threads';
import { HttpError } from './errors';
import { startThread, type HostStarter, type TaskHost } from './task-host';

/**
 * Air first, structurally (issue 24): CPU-heavy work a user starts (a bulk import's JSON, Sheets
 * grids and hashes, CSV text) runs on worker threads, so the event loop that serves on-air
 * writes only hands work over and takes answers back. A few workers, a bounded queue: when the
 * queue is full the caller gets a 503 with Retry-After instead of an ever-longer wait.
 */
export interface WorkerPoolOptions {
  /** The worker's entry file (server/workers/heavy-worker.ts, or heavy-worker.js in the desktop bundle). */
  entry: URL;
  /** Threads at most; each is started on first need and kept until close(). */
  size: number;
  /** Tasks waiting for a thread at most; one more is refused with 503. */
  maxQueue: number;
  /**
   * Tasks one thread runs at once (default 1: CPU work). More for tasks that mostly wait on the
   * network (the wires reader: a slow feed must not hold the others).
   */
  concurrency?: number;
  /** Given to each thread as `workerData` (server/workers/worker-main.ts reads `air`). */
  workerData?: unknown;
  /**
   * Where tasks run: worker threads of the server's process (default), or processes of their own
   * for work that must yield to air entirely, GC included (server/lib/task-host.ts).
   */
  host?: HostStarter;
  /**
   * A task's limit when its caller gives none (ms; unset: none). Past it the task's promise
   * rejects and its slot is free for the next; a late answer is ignored. The thread may still be
   * at it: for work that waits on the network (the outputs thread), where a peer that never
   * answers must not hold a shared slot for good. Useless for CPU work (the thread stays busy).
   */
  taskTimeoutMs?: number;
  /**
   * Tasks of one group (a station: its company id) running and queued at most: one more of that
   * group is refused with 503 while every other group's tasks go on (issue 37). Tasks without a
   * group are not counted.
   */
  perGroup?: number;
  /** The 503's words when a group is over `perGroup` (default GROUP_BUSY_MESSAGE). */
  groupBusyMessage?: string;
}

/** What a caller may say about one task (WorkerPool.run). */
export interface TaskOptions {
  /** Whose work this is (the company id): counted against the pool's `perGroup`. */
  group?: number | string;
  /** This task's limit in ms, instead of the pool's `taskTimeoutMs`. */
  timeoutMs?: number;
}

/** What a worker answers for one task (server/workers/heavy-worker.ts). */
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { message: string; status?: number; issues?: HttpError['issues'] } };

interface Task {
  id: number;
  name: string;
  payload: unknown;
  transfer: Transferable[];
  group: number | string | undefined;
  /** Settles the caller's promise once, whoever comes first (answer, timeout, crash, close). */
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  host: TaskHost;
  /** The tasks this thread is running, by id. */
  tasks: Map<number, Task>;
}

export const POOL_BUSY_MESSAGE = 'The server is busy with other heavy work; try again in a few seconds';
export const GROUP_BUSY_MESSAGE = 'Your station already has as much heavy work running as it may; try again in a few seconds';
const RETRY_AFTER_SECONDS = 5;

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** Tasks running and queued per group (only groups with any). */
  private readonly byGroup = new Map<number | string, number>();
  /** Tasks a thread answered (value or error), by name: how tests and diagnostics see work done off the air thread. */
  readonly answered = new Map<string, number>();

  constructor(private readonly options: WorkerPoolOptions) {}

  /**
   * Runs `name` in a worker; rejects with a 503 HttpError when the queue is full or the task's
   * group already holds its share, and with a 503 when it outlives its limit.
   */
  run<T>(name: string, payload: unknown, transfer: Transferable[] = [], options: TaskOptions = {}): Promise<T> {
    if (this.closed) return Promise.reject(new HttpError(503, 'The server is shutting down', undefined, RETRY_AFTER_SECONDS));
    if (this.full) return Promise.reject(new HttpError(503, POOL_BUSY_MESSAGE, undefined, RETRY_AFTER_SECONDS));
    const { group } = options;
    if (group !== undefined && this.load(group) >= (this.options.perGroup ?? Infinity)) {
      return Promise.reject(new HttpError(503, this.options.groupBusyMessage ?? GROUP_BUSY_MESSAGE, undefined, RETRY_AFTER_SECONDS));
    }
    return new Promise<T>((resolve, reject) => {
      const task = this.track({ id: this.nextId++, name, payload, transfer, group }, resolve as (value: unknown) => void, reject, options.timeoutMs ?? this.options.taskTimeoutMs);
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Tasks of `group` running or queued now (tests: a hung task's slot is given back). */
  load(group: number | string): number {
    return this.byGroup.get(group) ?? 0;
  }

  /**
   * Starts a thread now if none runs, so the first task does not pay for loading the worker
   * (a few hundred ms of CPU on a 2-core MCR PC, beside the air thread).
   */
  warm(): void {
    if (!this.closed && this.slots.length === 0) this.spawn();
  }

  /** True while one more task would be refused with 503 (the queue is full). */
  get full(): boolean {
    return this.queue.length >= this.options.maxQueue;
  }

  /** Threads running now (for tests: none left after close). */
  get threads(): number {
    return this.slots.length;
  }

  /** The pids of hosts that are processes of their own (tests: the wires reader is not the server). */
  get pids(): number[] {
    return this.slots.flatMap((s) => (s.host.pid === undefined ? [] : [s.host.pid]));
  }

  /** Refuses queued tasks, stops every thread and waits until they are gone. */
  async close(): Promise<void> {
    this.closed = true;
    this.queue.splice(0).forEach((t) => t.reject(new HttpError(503, 'The server is shutting down', undefined, RETRY_AFTER_SECONDS)));
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.host.stop()));
    slots.forEach((s) => s.tasks.forEach((t) => t.reject(new Error('Worker stopped: the server is shutting down'))));
  }

  private get concurrency(): number {
    return this.options.concurrency ?? 1;
  }

  /**
   * The task with its group counted and its limit armed; whichever settles it first (its answer,
   * the limit, a crash, close) gives the group's count and the timer back, once.
   */
  private track(base: Omit<Task, 'resolve' | 'reject'>, resolve: (value: unknown) => void, reject: (err: Error) => void, timeoutMs: number | undefined): Task {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      if (base.group !== undefined) this.count(base.group, -1);
      return true;
    };
    const task: Task = {
      ...base,
      resolve: (value) => {
        if (finish()) resolve(value);
      },
      reject: (err) => {
        if (finish()) reject(err);
      },
    };
    if (base.group !== undefined) this.count(base.group, +1);
    if (timeoutMs !== undefined) timer = setTimeout(() => this.expire(task, timeoutMs), timeoutMs);
    return task;
  }

  private count(group: number | string, delta: number): void {
    const n = this.load(group) + delta;
    if (n > 0) this.byGroup.set(group, n);
    else this.byGroup.delete(group);
  }

  /** Past its limit: out of the queue or off its thread's slot (a late answer finds no task), and refused. */
  private expire(task: Task, ms: number): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) this.queue.splice(queued, 1);
    for (const slot of this.slots) slot.tasks.delete(task.id);
    task.reject(new HttpError(503, `The server gave up on ${task.name} after ${ms / 1000} s without an answer; try again in a few seconds`, undefined, RETRY_AFTER_SECONDS));
    this.dispatch();
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => s.tasks.size < this.concurrency) ?? (this.slots.length < this.options.size ? this.spawn() : null);
      if (!slot) return;
      const task = this.queue.shift()!;
      slot.tasks.set(task.id, task);
      slot.host.post({ id: task.id, name: task.name, payload: task.payload }, task.transfer);
    }
  }

  private spawn(): Slot {
    const start = this.options.host ?? startThread;
    const slot: Slot = { host: start(this.options.entry, this.options.workerData), tasks: new Map() };
    // A host that dies (a crash, out of memory) fails its own tasks alone; the next task gets a new one.
    slot.host.listen(
      (reply) => this.settle(slot, reply as WorkerReply),
      (err) => this.lose(slot, err),
    );
    this.slots.push(slot);
    return slot;
  }

  private settle(slot: Slot, reply: WorkerReply): void {
    const task = slot.tasks.get(reply.id);
    if (!task) return;
    slot.tasks.delete(reply.id);
    this.answered.set(task.name, (this.answered.get(task.name) ?? 0) + 1);
    if (reply.ok) task.resolve(reply.value);
    else task.reject(reply.error.status ? new HttpError(reply.error.status, reply.error.message, reply.error.issues) : new Error(reply.error.message));
    this.dispatch();
  }

  private lose(slot: Slot, err: Error): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    slot.tasks.forEach((t) => t.reject(new Error(`Heavy work failed: ${err.message}`)));
    slot.tasks.clear();
    void slot.host.stop();
    if (!this.closed) this.dispatch();
  }
}
