import { performance } from 'node:perf_hooks';
import { PRIORITY_OFF } from './task-priority';

/**
 * A thread's share of a core, measured by its own event loop: `pace()` (called between pieces of
 * work) rests while the loop was busy more than `share` of the time since its last rest. Wires are
 * never urgent and air is: on a 2-core MCR PC the wires reader process downloads and parses at most
 * a quarter of a core, so the air thread and its clients are not crowded out while 8 agencies' feeds
 * arrive at once — a lowered priority only yields a core that air asks for, this also leaves room
 * for the writes' own bursts.
 * Busy time counts every read of the thread together: eight downloads share one budget.
 */
export class CoreShare {
  private since = performance.eventLoopUtilization();

  constructor(
    private readonly share: number,
    /** Busy time before a rest is considered: rests are a few ms, not one per 8 kB slice. */
    private readonly burstMs = 4,
  ) {}

  async pace(): Promise<void> {
    if (PRIORITY_OFF) return;
    const window = performance.eventLoopUtilization(this.since);
    if (window.active < this.burstMs) return;
    const rest = (window.active * (1 - this.share)) / this.share - window.idle;
    if (rest >= 1) await new Promise((resolve) => setTimeout(resolve, rest));
    this.since = performance.eventLoopUtilization();
  }
}

/**
 * The wires reader process's budget (server/workers/feed-read.ts, feed-parse.ts). A quarter, not a
 * half: at half a core the CG writes' p99 while 8 × 3 000-item feeds polled was 1.8–2.6× quiet, at a
 * quarter 0.9–1.45× (bench/wires.ts); such a poll then takes ~4.5 s instead of ~2.3 s.
 */
export const WIRES_CORE_SHARE = 0.25;
export const wiresPace = new CoreShare(WIRES_CORE_SHARE);
