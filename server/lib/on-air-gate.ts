import type { RequestHandler } from 'express';

/**
 * Air first: while an on-air write is in progress, reads wait at the door. Node runs one event
 * loop; a CG write is several hops (temp file, fsync, rename, commit, reply), and each hop would
 * otherwise queue behind every read handler that arrived meanwhile — 8 users looping reads took
 * a write from 6 to 41 ms p50 even with cached answers and a rate limit (issue 9 §5). Reads
 * arriving during a write now cost only their HTTP parsing until the write is done.
 */
export class OnAirGate {
  private busy = 0;
  private waiters: Array<() => void> = [];

  /** Runs an on-air write; reads wait while any is running. */
  async run<T>(write: () => Promise<T>): Promise<T> {
    this.busy += 1;
    try {
      return await write();
    } finally {
      this.busy -= 1;
      if (this.busy === 0) this.release();
    }
  }

  get isBusy(): boolean {
    return this.busy > 0;
  }

  /** Express middleware for reads: passes at once when no write is running. */
  readonly readsWait: RequestHandler = (req, _res, next) => {
    if (req.method !== 'GET' || this.busy === 0) return next();
    this.waiters.push(() => next());
  };

  private release(): void {
    const waiting = this.waiters;
    this.waiters = [];
    // After the write's own reply callbacks: the waiting reads go on the next turn of the loop.
    setImmediate(() => waiting.forEach((go) => go()));
  }
}
