import { WIRES } from '../../../shared/contracts/wires';
import { tooManyRequests } from '../../lib/errors';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * "Poll now" per station (issue 37): a token bucket of `burst`, refilled at `perMinute` (both
 * WIRES_MANUAL_POLLS_PER_MINUTE, default WIRES.manualPollsPerMinute). Scheduled polls keep every
 * feed fresh; a station pressing Poll now on 40 feeds at once is refused (429 with Retry-After)
 * past its burst instead of queueing 40 reads. Real time, not the app clock: it measures load.
 */
export class ManualPollLimit {
  private readonly buckets = new Map<number, Bucket>();

  constructor(
    private readonly burst: number = WIRES.manualPollsPerMinute,
    private readonly perMinute: number = burst,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Spends one of the station's polls, or throws the 429. */
  take(station: number): void {
    const t = this.now();
    const previous = this.buckets.get(station) ?? { tokens: this.burst, at: t };
    const bucket = {
      tokens: Math.min(this.burst, previous.tokens + ((t - previous.at) / 60_000) * this.perMinute),
      at: t,
    };
    if (bucket.tokens < 1) {
      this.buckets.set(station, bucket);
      const waitSeconds = Math.max(1, Math.ceil(((1 - bucket.tokens) / this.perMinute) * 60));
      throw tooManyRequests(
        `Too many "Poll now" requests for this station: at most ${this.perMinute} a minute (feeds are also read every few minutes by themselves). Try again in ${waitSeconds} s.`,
        waitSeconds,
      );
    }
    this.buckets.set(station, { ...bucket, tokens: bucket.tokens - 1 });
  }
}
