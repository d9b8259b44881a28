import { setMaxListeners } from 'node:events';
import { WIRES } from '../../../shared/contracts/wires';
import type { AppContext } from '../../context';
import type { WireFeedRow } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { HttpError } from '../../lib/errors';
import { Semaphore } from '../../lib/semaphore';
import { airFirst, airStep, sliceCommit } from '../../lib/time-slices';
import type { FeedReadResult } from '../../workers/feed-read';
import { StationBusy } from '../../workers/job-pool';
import type { FeedNetworkPolicy } from './wires.address';
import { FeedError } from './wires.fetch';
import { FEED_UNREADABLE } from './wires.messages';
import type { ParsedEntry } from './wires.parse';
import { WiresRepo } from './wires.repo';
import { inTurns } from './wires.share';

const DAY_MS = 24 * 60 * 60_000;

/** On the feed's row when the heavy worker's queue was full: the feed was fine, nothing was stored. */
export const WIRES_BUSY_MESSAGE =
  'Not read this time: the server was busy reading other feeds. It is read again within a minute.';
/** On the feed's row when its own station had its share of the reader in use (issue 37): the feed was fine, nothing was stored. */
export const WIRES_STATION_BUSY_MESSAGE =
  "Not read this time: this station's other feeds were being read. It is read again within a minute.";

/** Each station's share of the wires reader (issue 37; heavy-pool.ts createWiresReader). */
export { READER_SHARE } from '../../workers/heavy-pool';

/** Due feeds looked at per tick, from which the stations take turns (inTurns). */
const DUE_LOOKAHEAD = 8;

/** Delay before the next try after `failures` errors in a row: doubling, capped. */
export function backoffMs(failures: number): number {
  return Math.min(WIRES.backoffBaseMs * 2 ** Math.max(0, failures - 1), WIRES.backoffMaxMs);
}

/**
 * Polls due feeds a few at a time. Each feed has its own timeout, so a slow one never holds the
 * others; one feed is never polled twice at once (a manual "poll now" joins a running poll).
 * Work on the event loop (the air thread) is small: the wires reader process fetches and parses
 * (server/workers/feed-read.ts) — the bodies never pass through the air thread — and only the
 * entries to keep come back, written in slices air first (lib/time-slices.ts airFirst), so an on-air write
 * does not queue behind a feed.
 */
export class WirePoller {
  private readonly inFlight = new Map<number, Promise<void>>();
  /**
   * Fetches run side by side; storing runs one feed at a time (with several feeds writing at once
   * each hop of a CG write waited behind a slice of each: bench/wires.ts).
   */
  private readonly writes = new Semaphore(1);
  private readonly stopping = new AbortController();
  /** The server's own listening ports: the configured one, and those requests arrived on (PORT=0). */
  private readonly ownPorts = new Set<number>();

  constructor(private readonly ctx: AppContext) {
    // Every read in flight or waiting for its share listens for shutdown: many, by design.
    setMaxListeners(0, this.stopping.signal);
    if (ctx.config.port > 0) this.ownPorts.add(ctx.config.port);
  }

  /**
   * A port this server listens on, seen on a request (wires.routes.ts): with PORT=0 (tests) the
   * config does not know it, and no feed may read the server's own API (issue 37).
   */
  noteOwnPort(port: number | undefined): void {
    if (port) this.ownPorts.add(port);
  }

  /** Each station's share of the reader: its reads running and waiting (tests, diagnostics). */
  get share() {
    return this.ctx.wiresReader.share;
  }

  /** Which addresses feeds may be read from now (wires.address.ts). */
  networkPolicy(): FeedNetworkPolicy {
    return { ...this.ctx.config.wiresNetwork, ownPorts: [...this.ownPorts] };
  }

  job(): Job {
    return { name: 'wires-poll', everyMs: WIRES.tickMs, run: () => this.tick() };
  }

  /**
   * At start-up: starts the reader process ahead of the first poll when any station has feeds.
   * Loading it at the first poll competed with the air thread for a core (bench/wires.ts, round 0).
   */
  async warm(): Promise<void> {
    if (await this.ctx.store.read((q) => new WiresRepo(q).anyFeed())) this.warmReader();
  }

  /**
   * The reader process and its parse thread started now (a station has feeds), not at a poll.
   * Only when no reader runs: each warm is a task in the reader's queue, and 40 feeds added while
   * its places were held by hung reads filled that queue (issue 37) — other stations' reads were
   * then refused as "busy".
   */
  warmReader(): void {
    if (this.ctx.wiresReader.threads > 0) return;
    this.ctx.wiresReader.task('wires.warm', undefined).catch(() => undefined);
  }

  /** One scheduler tick: feeds that are due and not already being polled, the stations taking turns. */
  async tick(): Promise<void> {
    // Those in flight as the read begins are passed over too: one that finishes during the read
    // commits its new poll state after the read began, which may then still show it as due.
    const polling = new Set(this.inFlight.keys());
    const nowIso = this.now().toISOString();
    const due = (
      await this.ctx.store.read((q) =>
        new WiresRepo(q).dueFeeds(nowIso, WIRES.feedsPerTick * DUE_LOOKAHEAD + polling.size),
      )
    ).filter((f) => !polling.has(f.id) && !this.inFlight.has(f.id));
    await Promise.all(inTurns(due, WIRES.feedsPerTick).map((f) => this.poll(f)));
  }

  /** Polls one feed (or joins the poll already running for it). Never rejects. */
  poll(feed: WireFeedRow): Promise<void> {
    const running = this.inFlight.get(feed.id);
    if (running) return running;
    const done = this.run(feed).catch((err: unknown) =>
      this.ctx.logger.error('wire poll failed', { feedId: feed.id, err }),
    );
    this.inFlight.set(feed.id, done);
    void done.finally(() => this.inFlight.delete(feed.id));
    return done;
  }

  /**
   * Shutdown: reads in flight are left (the reader process is stopped after this) and nothing is
   * recorded for them; inserts already started are written before the database closes.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.settled();
  }

  /**
   * Resolves when every poll now in flight has finished — its feed row made durable too. The row
   * is readable a moment before that (its WAL fsync runs off the loop), and until then a tick
   * passes the feed over as being polled.
   */
  async settled(): Promise<void> {
    await Promise.all(this.inFlight.values());
  }

  private async run(feed: WireFeedRow): Promise<void> {
    let added = 0;
    try {
      // A poll begins after an on-air write in progress: the reader's burst as 8 feeds start
      // (connections, first chunks) then takes a core from the next write, not from this one.
      const result = await airStep(this.ctx.onAir, () => this.read(feed));
      if (result.kind === 'failed') throw new FeedError(result.detail, result.message);
      if (result.kind === 'body') {
        const { parsed } = result;
        if (!parsed.ok) throw new FeedError(parsed.message);
        added = await this.writes.run(() => this.store(feed, parsed.chunks));
      }
      await this.record(feed, (repo) => this.succeeded(repo, feed, result));
    } catch (err) {
      // Cut off by shutdown: not the feed's fault, nothing to record.
      if (this.stopping.signal.aborted) return;
      await this.record(feed, (repo) => this.notRead(repo, feed, err));
      this.logNotRead(feed, err);
    }
    this.ctx.bus.publish(feed.companyId, 'wires_updated', { feedId: feed.id, added });
  }

  /**
   * The feed fetched and parsed on the wires reader process, within its station's share
   * (READER_SHARE); given up on (as stopping) at shutdown, waiting or not.
   */
  private read(feed: WireFeedRow): Promise<FeedReadResult> {
    const stop = this.stopping.signal;
    if (stop.aborted) return Promise.reject(new FeedError('The server was stopping'));
    return new Promise<FeedReadResult>((resolve, reject) => {
      const onStop = () => reject(new FeedError('The server was stopping'));
      stop.addEventListener('abort', onStop, { once: true });
      this.ctx.wiresReader
        .task('wires.read', this.readInput(feed), [], { station: feed.companyId })
        .then(resolve, reject)
        .finally(() => stop.removeEventListener('abort', onStop));
    });
  }

  /** The retention's cutoff and the policy as of now. */
  private readInput(feed: WireFeedRow) {
    return {
      url: feed.url,
      etag: feed.etag,
      lastModified: feed.lastModified,
      timeoutMs: this.ctx.config.wires.fetchTimeoutMs,
      cutoff: this.cutoff(),
      network: this.networkPolicy(),
    };
  }

  /** New entries only (the unique (feed, guid) index drops repeats), then the retention prune. */
  private async store(feed: WireFeedRow, chunks: string[]): Promise<number> {
    let added = 0;
    for await (const chunk of airFirst(this.ctx.onAir, chunks)) {
      // ≤ 50 entries of our own worker's JSON: well under a millisecond to read back.
      const slice = JSON.parse(chunk) as ParsedEntry[];
      const fetchedAt = this.now().toISOString();
      // The feed may have been deleted while we fetched: then nothing is written. Slices commit
      // without an fsync on the event loop; the feed row's durable commit after them (record)
      // makes them durable.
      added += await sliceCommit(this.ctx.store, feed.companyId, async (tx) => {
        const repo = new WiresRepo(tx);
        if (!(await repo.feedExists(feed.companyId, feed.id))) return 0;
        return repo.insertItems(feed.companyId, feed.id, slice, fetchedAt);
      });
    }
    const cutoff = this.cutoff();
    await sliceCommit(this.ctx.store, feed.companyId, (tx) =>
      new WiresRepo(tx).prune(feed.id, WIRES.keepItems, cutoff),
    );
    return added;
  }

  /**
   * The feed row's poll state, durable before the poll is reported done, but fsynced off the event
   * loop: as a FULL commit its fsync (with every slice's pages before it) ran on the loop at the end
   * of each feed's store, delaying the CG writes around it (bench/wires.ts).
   */
  private async record(feed: WireFeedRow, write: (repo: WiresRepo) => Promise<void>): Promise<void> {
    await this.ctx.store.write(feed.companyId, (tx) => write(new WiresRepo(tx)), { durability: 'off-loop' });
  }

  /** The row after a poll that stored nothing: a busy note (no failure counted) or the failure. */
  private async notRead(repo: WiresRepo, feed: WireFeedRow, err: unknown): Promise<void> {
    if (err instanceof StationBusy) await this.busy(repo, feed, WIRES_STATION_BUSY_MESSAGE);
    else if (poolBusy(err)) await this.busy(repo, feed, WIRES_BUSY_MESSAGE);
    else await this.failed(repo, feed, err instanceof FeedError ? err.shown : FEED_UNREADABLE);
  }

  /** The row's text is generic (issue 37): the cause goes to the operator's log. */
  private logNotRead(feed: WireFeedRow, err: unknown): void {
    if (err instanceof FeedError)
      this.ctx.logger.info('wire feed not read', { feedId: feed.id, companyId: feed.companyId, cause: err.message });
    else if (!poolBusy(err)) this.ctx.logger.warn('wire feed error', { feedId: feed.id, err });
  }

  private async succeeded(
    repo: WiresRepo,
    feed: WireFeedRow,
    result: Exclude<FeedReadResult, { kind: 'failed' }>,
  ): Promise<void> {
    const now = this.now();
    const validators = result.kind === 'body' ? { etag: result.etag, lastModified: result.lastModified } : {};
    await repo.updateFeed(feed.companyId, feed.id, {
      ...validators,
      lastPolledAt: now.toISOString(),
      lastSuccessAt: now.toISOString(),
      lastError: null,
      failures: 0,
      nextPollAt: new Date(now.getTime() + WIRES.pollEveryMs).toISOString(),
    });
  }

  private async failed(repo: WiresRepo, feed: WireFeedRow, message: string): Promise<void> {
    const now = this.now();
    const current = await repo.findFeed(feed.companyId, feed.id);
    if (!current) return;
    const failures = current.failures + 1;
    await repo.updateFeed(feed.companyId, feed.id, {
      lastPolledAt: now.toISOString(),
      lastError: message,
      failures,
      nextPollAt: new Date(now.getTime() + backoffMs(failures)).toISOString(),
    });
  }

  /**
   * The wires reader's queue was full (more feeds due at once than it takes), or the feed's
   * station had its share of it in use (READER_SHARE): this is no failure of its own — no backoff,
   * and its validators are not kept (nothing was stored, the next fetch must get the whole body
   * again). It is tried again after busyRetryMs, with a message.
   */
  private async busy(repo: WiresRepo, feed: WireFeedRow, message: string): Promise<void> {
    const now = this.now();
    if (!(await repo.findFeed(feed.companyId, feed.id))) return;
    await repo.updateFeed(feed.companyId, feed.id, {
      lastPolledAt: now.toISOString(),
      lastError: message,
      nextPollAt: new Date(now.getTime() + WIRES.busyRetryMs).toISOString(),
    });
  }

  private cutoff(): string {
    return new Date(this.now().getTime() - WIRES.keepDays * DAY_MS).toISOString();
  }

  private now(): Date {
    return this.ctx.clock.now();
  }
}

/** The pool refused the task (503: its queue is full) — not the feed's fault. */
function poolBusy(err: unknown): boolean {
  return err instanceof HttpError && err.status === 503;
}
