import { HttpError } from '../lib/errors';
import { heavyWorkerEntry } from './entries';
import { parseFeedBody, type FeedParseInput, type FeedParseResult, type FeedParseTasks } from './feed-parse';
import { JobPool } from './job-pool';
import { PoolThreads } from './job-runners';

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
 * CPU. So a parse's limit is `patienceMs`: past it the reader's own thread (nice 10, where
 * downloads and their timeouts run) parses the feed itself and the starved thread is stopped; the
 * next parse starts a new one. A busy machine delays wires; it never leaves a feed unread.
 * `entry`: the reader's own entry file, which serves the parse as a thread (heavy-worker.ts).
 */
export class IdleParser {
  private pool: JobPool<FeedParseTasks> | null = null;

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
    try {
      // The body is copied, not transferred: the reader may still need it.
      const result = await pool.task('wires.parse', input);
      this.counts.idle++;
      return result;
    } catch (err) {
      if (!(err instanceof HttpError && err.status === 503)) throw err;
    }
    this.counts.tookOver++;
    if (this.pool === pool) this.pool = null;
    void pool.close();
    return parseFeedBody(input);
  }

  private current(): JobPool<FeedParseTasks> {
    return (this.pool ??= new JobPool({
      runner: new PoolThreads(this.entry, { size: 1, concurrency: 1, workerData: { idle: true } }),
      slots: 1,
      maxQueue: 16,
      timeoutMs: this.patienceMs,
    }));
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
