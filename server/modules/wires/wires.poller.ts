import { WIRES } from '../../../shared/contracts/wires';
import type { AppContext } from '../../context';
import type { WireFeedRow } from '../../db/schema';
import { commitWithoutFsync } from '../../db/fast-commit';
import type { Job } from '../../jobs/scheduler';
import { Semaphore } from '../../lib/semaphore';
import { yieldToAir } from '../../lib/time-slices';
import { fetchFeed, FeedError, type FetchResult } from './wires.fetch';
import { parseFeed, type ParsedEntry } from './wires.parse';
import { WiresRepo } from './wires.repo';

/** Entries written per transaction; the loop is handed back (air first) between slices. */
const INSERT_SLICE = 50;
const DAY_MS = 24 * 60 * 60_000;

/** Delay before the next try after `failures` errors in a row: doubling, capped. */
export function backoffMs(failures: number): number {
  return Math.min(WIRES.backoffBaseMs * 2 ** Math.max(0, failures - 1), WIRES.backoffMaxMs);
}

/**
 * Polls due feeds a few at a time. Each feed has its own timeout, so a slow one never holds the
 * others; one feed is never polled twice at once (a manual "poll now" joins a running poll).
 * Work on the event loop is small: the body is read chunk by chunk, parsed a few items at a time
 * and written in slices, each preceded by yieldToAir, so an on-air write does not queue behind a feed.
 */
export class WirePoller {
  private readonly inFlight = new Map<number, Promise<void>>();
  /**
   * Fetches run side by side; parsing and storing run one feed at a time. With several feeds
   * parsing at once every turn of the loop ran a slice of each, and each hop of a CG write waited
   * behind all of them (bench/wires.ts).
   */
  private readonly cpu = new Semaphore(1);
  private readonly stopping = new AbortController();
  private readonly repo: WiresRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new WiresRepo(ctx.db);
  }

  job(): Job {
    return { name: 'wires-poll', everyMs: WIRES.tickMs, run: () => this.tick() };
  }

  /** One scheduler tick: the feeds that are due and not already being polled. */
  async tick(): Promise<void> {
    const due = this.repo.dueFeeds(this.now().toISOString(), WIRES.feedsPerTick + this.inFlight.size).filter((f) => !this.inFlight.has(f.id));
    await Promise.all(due.slice(0, WIRES.feedsPerTick).map((f) => this.poll(f)));
  }

  /** Polls one feed (or joins the poll already running for it). Never rejects. */
  poll(feed: WireFeedRow): Promise<void> {
    const running = this.inFlight.get(feed.id);
    if (running) return running;
    const done = this.run(feed).catch((err: unknown) => this.ctx.logger.error('wire poll failed', { feedId: feed.id, err }));
    this.inFlight.set(feed.id, done);
    void done.finally(() => this.inFlight.delete(feed.id));
    return done;
  }

  /** Shutdown: fetches in flight are cut off; polls finish their writes before the database closes. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.inFlight.values());
  }

  private async run(feed: WireFeedRow): Promise<void> {
    let added = 0;
    try {
      const result = await fetchFeed(feed.url, { etag: feed.etag, lastModified: feed.lastModified, timeoutMs: this.ctx.config.wires.fetchTimeoutMs, onAir: this.ctx.onAir, stop: this.stopping.signal });
      added = await this.cpu.run(() => this.store(feed, result));
      this.succeeded(feed, result);
    } catch (err) {
      // Cut off by shutdown: not the feed's fault, nothing to record.
      if (this.stopping.signal.aborted) return;
      this.failed(feed, err instanceof FeedError ? err.message : 'The feed could not be read');
      if (!(err instanceof FeedError)) this.ctx.logger.warn('wire feed error', { feedId: feed.id, err });
    }
    this.ctx.bus.publish(feed.companyId, 'wires_updated', { feedId: feed.id, added });
  }

  /** New entries only (the unique (feed, guid) index drops repeats), then the retention prune. */
  private async store(feed: WireFeedRow, result: FetchResult): Promise<number> {
    if (result.kind === 'not-modified') return 0;
    const entries = this.keepable(await parseFeed(result.body, result.contentType, () => yieldToAir(this.ctx.onAir)));
    let added = 0;
    for (let i = 0; i < entries.length; i += INSERT_SLICE) {
      await yieldToAir(this.ctx.onAir);
      const slice = entries.slice(i, i + INSERT_SLICE);
      const fetchedAt = this.now().toISOString();
      // The feed may have been deleted while we fetched: then nothing is written. Slices commit
      // without an fsync on the event loop; the feed row's FULL commit after them makes them durable.
      const n = commitWithoutFsync(this.ctx.db, () =>
        this.ctx.db.transaction((tx) => {
          const repo = new WiresRepo(tx);
          return repo.findFeed(feed.companyId, feed.id) ? repo.insertItems(feed.companyId, feed.id, slice, fetchedAt) : 0;
        }),
      );
      added += n;
    }
    commitWithoutFsync(this.ctx.db, () => this.repo.prune(feed.id, WIRES.keepItems, this.cutoff()));
    return added;
  }

  /** Newest first, at most keepItems, none older than the retention (or it would come back after each prune). */
  private keepable(entries: ParsedEntry[]): ParsedEntry[] {
    const cutoff = this.cutoff();
    const dated = entries.map((e, i) => ({ e, i })).filter(({ e }) => !e.publishedAt || e.publishedAt > cutoff);
    dated.sort((a, b) => (b.e.publishedAt ?? '').localeCompare(a.e.publishedAt ?? '') || a.i - b.i);
    return dated.slice(0, WIRES.keepItems).map(({ e }) => e);
  }

  private succeeded(feed: WireFeedRow, result: FetchResult): void {
    const now = this.now();
    const validators = result.kind === 'body' ? { etag: result.etag, lastModified: result.lastModified } : {};
    this.repo.updateFeed(feed.companyId, feed.id, {
      ...validators,
      lastPolledAt: now.toISOString(),
      lastSuccessAt: now.toISOString(),
      lastError: null,
      failures: 0,
      nextPollAt: new Date(now.getTime() + WIRES.pollEveryMs).toISOString(),
    });
  }

  private failed(feed: WireFeedRow, message: string): void {
    const now = this.now();
    const current = this.repo.findFeed(feed.companyId, feed.id);
    if (!current) return;
    const failures = current.failures + 1;
    this.repo.updateFeed(feed.companyId, feed.id, {
      lastPolledAt: now.toISOString(),
      lastError: message,
      failures,
      nextPollAt: new Date(now.getTime() + backoffMs(failures)).toISOString(),
    });
  }

  private cutoff(): string {
    return new Date(this.now().getTime() - WIRES.keepDays * DAY_MS).toISOString();
  }

  private now(): Date {
    return this.ctx.clock.now();
  }
}
