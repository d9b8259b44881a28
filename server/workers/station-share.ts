/**
 * Each station's share of a background pool (issue 37: one station's hung CasparCG took every place
 * of the outputs thread, and its 40 feeds at a URL that never answers every place of the wires
 * reader — every other station's outputs and wires stopped). Tasks are handed to the pool at most
 * `slots` at once — its places, so its own queue stays empty — and at most `perStation` of them for
 * one station. A station's further tasks wait here, `waitingPerStation` at most, and `maxWaiting`
 * in all; more are refused at once (StationShareFull, QueueFull). When a place frees, the stations
 * waiting take turns (round robin), so a station with nothing running is next whatever another has
 * queued. Work of the server itself (no station: a driver's close, the reader's start) is counted
 * against the places but not against any station's share.
 */
export interface StationShareLimits {
  slots: number;
  perStation: number;
  waitingPerStation: number;
  /** Tasks waiting at most, all stations together (default: no limit beyond each station's). */
  maxWaiting?: number;
}

/** Whose task this is: a station's company id, or undefined for the server's own work. */
export type Station = number | undefined;

/** The station already has its share running and its waiting places taken: this task is not run. */
export class StationShareFull extends Error {}

/** Every waiting place of the pool is taken: this task is not run. */
export class QueueFull extends Error {}

interface Waiter {
  wake(): void;
  fail(err: Error): void;
}

const SERVER = -1;

export class StationShare {
  private total = 0;
  private waitingTotal = 0;
  private readonly running = new Map<number, number>();
  /** Waiting tasks by station; the Map's order is the turn order (a station served goes to the back). */
  private readonly waiting = new Map<number, Waiter[]>();

  constructor(private readonly limits: StationShareLimits) {}

  /**
   * Runs `task` once the station has a place; rejects with StationShareFull or QueueFull when it
   * may not even wait, and with `signal`'s reason when that aborts while it waits.
   */
  async run<T>(station: Station, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const key = station ?? SERVER;
    await this.acquire(key, signal);
    try {
      return await task();
    } finally {
      this.release(key);
    }
  }

  /** Tasks running now, in all or for one station (tests, diagnostics). */
  inFlight(station?: number): number {
    return station === undefined ? this.total : (this.running.get(station) ?? 0);
  }

  /** Tasks of `station` running or waiting now. */
  load(station: number): number {
    return this.inFlight(station) + (this.waiting.get(station)?.length ?? 0);
  }

  /** Tasks waiting now, all stations together. */
  get queued(): number {
    return this.waitingTotal;
  }

  /** True while a task of the server's own (no station) would be refused: every waiting place taken. */
  get full(): boolean {
    return this.total >= this.limits.slots && this.waitingTotal >= (this.limits.maxWaiting ?? Infinity);
  }

  private acquire(key: number, signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.total < this.limits.slots && (key === SERVER || this.inFlight(key) < this.limits.perStation)) {
      this.start(key);
      return Promise.resolve();
    }
    const queue = this.waiting.get(key) ?? [];
    if (key !== SERVER && queue.length >= this.limits.waitingPerStation)
      return Promise.reject(new StationShareFull('This station has its share of the pool in use'));
    if (this.waitingTotal >= (this.limits.maxWaiting ?? Infinity))
      return Promise.reject(new QueueFull('Every waiting place of the pool is taken'));
    this.waiting.set(key, queue);
    this.waitingTotal += 1;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.leave(key, waiter);
        reject(signal!.reason as Error);
      };
      const waiter: Waiter = {
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        fail: reject,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
    });
  }

  /** A waiter given up on (its limit, shutdown) leaves its station's queue. */
  private leave(key: number, waiter: Waiter): void {
    const queue = this.waiting.get(key);
    const at = queue?.indexOf(waiter) ?? -1;
    if (!queue || at < 0) return;
    queue.splice(at, 1);
    this.waitingTotal -= 1;
    if (queue.length === 0) this.waiting.delete(key);
  }

  /** Every waiting task refused with `err` (the pool closes). */
  refuseWaiting(err: Error): void {
    const waiters = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.waitingTotal = 0;
    waiters.forEach((w) => w.fail(err));
  }

  private start(key: number): void {
    this.total += 1;
    this.running.set(key, this.inFlight(key) + 1);
  }

  private release(key: number): void {
    this.total -= 1;
    const left = this.inFlight(key) - 1;
    if (left > 0) this.running.set(key, left);
    else this.running.delete(key);
    this.dispatch();
  }

  /** Fills free places from the waiting stations in turn, skipping those at their share. */
  private dispatch(): void {
    let next = this.nextWaiting();
    while (this.total < this.limits.slots && next !== undefined) {
      const queue = this.waiting.get(next)!;
      const waiter = queue.shift()!;
      this.waitingTotal -= 1;
      // To the back of the turn order (or out of it, with nothing left waiting).
      this.waiting.delete(next);
      if (queue.length > 0) this.waiting.set(next, queue);
      this.start(next);
      waiter.wake();
      next = this.nextWaiting();
    }
  }

  private nextWaiting(): number | undefined {
    for (const key of this.waiting.keys())
      if (key === SERVER || this.inFlight(key) < this.limits.perStation) return key;
    return undefined;
  }
}
