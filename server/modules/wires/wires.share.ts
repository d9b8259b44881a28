/**
 * Each station's share of the wires reader (issue 37: one station's 40 feeds at a URL that never
 * answers filled the reader's 16 places and 16 queue places for 10 s at a time, and every other
 * station's polls were answered "busy"). Reads are handed to the reader at most `slots` at once —
 * its places, so its own queue stays empty — and at most `perStation` of them for one station. A
 * station's further reads wait here, `waitingPerStation` at most (more are refused at once:
 * StationShareFull); when a place frees, the stations waiting take turns (round robin), so a
 * station with nothing in flight is next whatever another has queued.
 */
export interface StationShareLimits {
  slots: number;
  perStation: number;
  waitingPerStation: number;
}

/** The station already has its share in flight and its waiting places taken: this read is not made. */
export class StationShareFull extends Error {}

export class StationShare {
  private total = 0;
  private readonly running = new Map<number, number>();
  /** Waiting reads by station; the Map's order is the turn order (a station served goes to the back). */
  private readonly waiting = new Map<number, Array<() => void>>();

  constructor(private readonly limits: StationShareLimits) {}

  /** Runs `task` once the station has a place; rejects with StationShareFull when it may not even wait. */
  async run<T>(station: number, task: () => Promise<T>): Promise<T> {
    await this.acquire(station);
    try {
      return await task();
    } finally {
      this.release(station);
    }
  }

  /** Reads in flight now, in all and for one station (tests, diagnostics). */
  inFlight(station?: number): number {
    return station === undefined ? this.total : (this.running.get(station) ?? 0);
  }

  private acquire(station: number): Promise<void> {
    if (this.total < this.limits.slots && this.inFlight(station) < this.limits.perStation) {
      this.start(station);
      return Promise.resolve();
    }
    const queue = this.waiting.get(station) ?? [];
    if (queue.length >= this.limits.waitingPerStation) return Promise.reject(new StationShareFull('This station has its share of the wires reader in use'));
    this.waiting.set(station, queue);
    return new Promise((resolve) => queue.push(resolve));
  }

  private start(station: number): void {
    this.total += 1;
    this.running.set(station, this.inFlight(station) + 1);
  }

  private release(station: number): void {
    this.total -= 1;
    const left = this.inFlight(station) - 1;
    if (left > 0) this.running.set(station, left);
    else this.running.delete(station);
    this.dispatch();
  }

  /** Fills free places from the waiting stations in turn, skipping those at their share. */
  private dispatch(): void {
    let next = this.nextWaiting();
    while (this.total < this.limits.slots && next !== undefined) {
      const queue = this.waiting.get(next)!;
      const wake = queue.shift()!;
      // To the back of the turn order (or out of it, with nothing left waiting).
      this.waiting.delete(next);
      if (queue.length > 0) this.waiting.set(next, queue);
      this.start(next);
      wake();
      next = this.nextWaiting();
    }
  }

  private nextWaiting(): number | undefined {
    for (const station of this.waiting.keys()) if (this.inFlight(station) < this.limits.perStation) return station;
    return undefined;
  }
}

/**
 * Up to `n` of `items` (in the order given), the stations taking turns: one station's many due
 * feeds do not take every place of a scheduler tick while another's wait for a later one.
 */
export function inTurns<T extends { companyId: number }>(items: T[], n: number): T[] {
  const byStation = new Map<number, T[]>();
  for (const item of items) byStation.set(item.companyId, [...(byStation.get(item.companyId) ?? []), item]);
  const picked: T[] = [];
  while (picked.length < n && byStation.size > 0) {
    for (const [station, queue] of byStation) {
      if (picked.length >= n) break;
      picked.push(queue.shift()!);
      if (queue.length === 0) byStation.delete(station);
    }
  }
  return picked;
}
