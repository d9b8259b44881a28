import type { Transferable } from 'node:worker_threads';
import { HttpError } from '../lib/errors';
import type { JobRunner } from './job-runners';
import { QueueFull, StationShare, StationShareFull, type Station } from './station-share';
import type { TaskTable } from './worker-main';

/**
 * The one job runner for background work (issue 40): CPU-heavy or slow work a user starts (a bulk
 * import's JSON, Sheets pages and hashes, device sends, feed reads) runs on threads or a process of
 * its kind (job-runners.ts), so the event loop that serves on-air writes only hands work over and
 * takes answers back. Every task
 * - has a limit: past it the caller gets a 503 and the thread or process that held it is stopped,
 *   so its place is always given back (a hung device or disk never holds a place for good);
 * - belongs to a station (or to the server): no station may hold more than its share of the places
 *   and of the queue (station-share.ts), so one station's 256 hung sends or 40 slow feeds leave every
 *   other station's work running;
 * - is refused at once with 503 and Retry-After when the queue is full, instead of an ever-longer wait.
 */
export interface JobPoolOptions {
  runner: JobRunner;
  /** Tasks running at once (threads × tasks each): the places shared out per station. */
  slots: number;
  /** Tasks waiting for a place at most, all stations together; one more is refused with 503. */
  maxQueue: number;
  /** Tasks of one station running at once (default: every place). */
  perStation?: number;
  /** Tasks of one station waiting at most (default: the whole queue). */
  waitingPerStation?: number;
  /** A task's limit when its caller gives none (ms), waiting included. */
  timeoutMs: number;
  /** The 503's words when a station is over its share (default STATION_BUSY_MESSAGE). */
  stationBusyMessage?: string;
}

/** What a caller may say about one task. */
export interface TaskOptions {
  /** Whose work this is (the company id); none for the server's own (a close, a start). */
  station?: Station;
  /** This task's limit in ms, instead of the pool's. */
  timeoutMs?: number;
}

/** The task's station has its share of the pool in use: refused, while other stations' tasks go on. */
export class StationBusy extends HttpError {}

export const POOL_BUSY_MESSAGE = 'The server is busy with other heavy work; try again in a few seconds';
export const STATION_BUSY_MESSAGE =
  'Your station already has as much heavy work running as it may; try again in a few seconds';
const RETRY_AFTER_SECONDS = 5;

type Input<T extends TaskTable, N extends keyof T> = Parameters<T[N]>[0];
type Output<T extends TaskTable, N extends keyof T> = Awaited<ReturnType<T[N]>>;

export class JobPool<T extends TaskTable> {
  readonly share: StationShare;
  /** Tasks answered (value or error), by name: how tests and diagnostics see work done off the air thread. */
  readonly answered = new Map<string, number>();
  private closed = false;

  constructor(private readonly options: JobPoolOptions) {
    this.share = new StationShare({
      slots: options.slots,
      perStation: options.perStation ?? options.slots,
      waitingPerStation: options.waitingPerStation ?? options.maxQueue,
      maxWaiting: options.maxQueue,
    });
  }

  /** Runs the task `name` of this kind's table; `transfer`: buffers of the input handed over, not copied. */
  task<N extends keyof T & string>(
    name: N,
    input: Input<T, N>,
    transfer: Transferable[] = [],
    options: TaskOptions = {},
  ): Promise<Output<T, N>> {
    return this.run<Output<T, N>>(name, input, transfer, options);
  }

  /** A task by name, untyped (a test entry's extra tasks). */
  async run<R>(name: string, payload: unknown, transfer: Transferable[] = [], options: TaskOptions = {}): Promise<R> {
    if (this.closed) throw shuttingDown();
    const ms = options.timeoutMs ?? this.options.timeoutMs;
    const limit = new AbortController();
    const timer = setTimeout(
      () =>
        limit.abort(
          new HttpError(
            503,
            `The server gave up on ${name} after ${ms / 1000} s without an answer; try again in a few seconds`,
            undefined,
            RETRY_AFTER_SECONDS,
          ),
        ),
      ms,
    );
    try {
      const reply = await this.share.run(
        options.station,
        () => this.options.runner.exec({ name, payload }, transfer, limit.signal),
        limit.signal,
      );
      this.answered.set(name, (this.answered.get(name) ?? 0) + 1);
      if (reply.ok) return reply.value as R;
      throw reply.error.status
        ? new HttpError(reply.error.status, reply.error.message, reply.error.issues)
        : new Error(reply.error.message);
    } catch (err) {
      throw this.refusal(err, limit.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Tasks of `station` running or waiting now (tests: a hung task's place is given back). */
  load(station: number): number {
    return this.share.load(station);
  }

  /** True while one more task of the server's own would be refused with 503 (every place and queue place taken). */
  get full(): boolean {
    return this.share.full;
  }

  /** Starts a thread now (a few hundred ms of CPU on a 2-core MCR PC): not in the middle of the first task's wait. */
  warm(): void {
    if (!this.closed) this.options.runner.warm();
  }

  get threads(): number {
    return this.options.runner.threads;
  }

  get pids(): number[] {
    return this.options.runner.pids;
  }

  /** Refuses waiting tasks, stops every thread and waits until they are gone. */
  async close(): Promise<void> {
    this.closed = true;
    this.share.refuseWaiting(shuttingDown());
    await this.options.runner.close();
  }

  /** What the caller is told: the pool's refusals as 503s with Retry-After, the task's own error as is. */
  private refusal(err: unknown, limit: AbortSignal): unknown {
    if (err instanceof StationShareFull)
      return new StationBusy(
        503,
        this.options.stationBusyMessage ?? STATION_BUSY_MESSAGE,
        undefined,
        RETRY_AFTER_SECONDS,
      );
    if (err instanceof QueueFull) return new HttpError(503, POOL_BUSY_MESSAGE, undefined, RETRY_AFTER_SECONDS);
    if (limit.aborted) return limit.reason;
    if (this.closed && !(err instanceof HttpError)) return shuttingDown();
    return err;
  }
}

const shuttingDown = () => new HttpError(503, 'The server is shutting down', undefined, RETRY_AFTER_SECONDS);
