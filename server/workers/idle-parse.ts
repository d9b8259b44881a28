import { LATE, orLate } from '../lib/time-limit';
import { HeavyPool, heavyWorkerEntry } from './heavy-pool';
import { parseFeedBody, type FeedParseInput, type FeedParseResult } from './feed-parse';

/**
 * How long the idle thread may take over one feed before the reader parses it itself: a 2.4 MB
 * feed takes ~1 s there at a quarter core; far longer means every core was busy with other work
 * (SCHED_IDLE then gets almost nothing).
 */
export const PARSE_PATIENCE_MS = 5_000;

/**
 * Where the wires reader parses a feed (issue 26): on a thread of its own that runs at SCHED_IDLE
 * on Linux (worker-main.ts, `workerData.idle`), so a parse never holds a core that a thread of the
 * server wakes up for — at nice 10 a mid-parse reader kept the core for the rest of its time slice
 * each time one of a CG write's hops woke (docs/performance.md, "Wires reader", the SCHED_IDLE row).
 *
 * SCHED_IDLE alone could starve: with every core busy with other work, the thread gets almost no
 * CPU. So the reader's own thread (nice 10, where downloads and their timeouts run) waits at most
 * `patienceMs`, then parses the feed itself and stops the starved thread; the next parse starts a
 * new one. A busy machine delays wires; it never leaves a feed unread.
 */
export class IdleParser {
  private pool: HeavyPool | null = null;

  constructor(
    private readonly patienceMs = PARSE_PATIENCE_MS,
    private readonly entry: URL = heavyWorkerEntry(import.meta.url),
  ) {}

  /** Parses done by the idle thread, and those the reader took over. */
  readonly counts = { idle: 0, tookOver: 0 };

  /**
   * Starts the parse thread now, when the reader starts, not at the first parse: its start (a V8
   * isolate, the entry's modules) ran in the middle of the station's first poll, beside the
   * downloads and the CG writes of that moment (measured 27 Nov 2026).
   */
  warm(): void {
    this.current().warm();
  }

  async parse(input: FeedParseInput): Promise<FeedParseResult> {
    const pool = this.current();
    // The body is copied, not transferred: the reader may still need it.
    const result = await orLate(pool.task('wires.parse', input), this.patienceMs);
    if (result !== LATE) {
      this.counts.idle++;
      return result;
    }
    this.counts.tookOver++;
    if (this.pool === pool) this.pool = null;
    void pool.close();
    return parseFeedBody(input);
  }

  private current(): HeavyPool {
    return (this.pool ??= new HeavyPool({ entry: this.entry, size: 1, maxQueue: 16, workerData: { idle: true } }));
  }

  /** Parse threads running now (0 or 1; for tests). */
  get threads(): number {
    return this.pool?.threads ?? 0;
  }

  close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    return pool ? pool.close() : Promise.resolve();
  }
}
