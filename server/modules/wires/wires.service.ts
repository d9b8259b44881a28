import type { z } from 'zod';
import {
  WIRES,
  type MakeStoryResult,
  type WireFeed,
  type WireItemPage,
  type WireSource,
  type wireFeedInputSchema,
  type wireListQuerySchema,
} from '../../../shared/contracts/wires';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { NewsRepo } from '../news/news.repo';
import type { NewsService } from '../news/news.service';
import { NEWS_LIMITS } from '../../../shared/constants';
import { createNewsSchema } from '../../../shared/contracts/news';
import { parse } from '../../lib/validate';
import { judgeUrl } from './wires.address';
import { ManualPollLimit } from './wires.poll-limit';
import { presentFeed, presentItem, presentSource } from './wires.presenter';
import type { WirePoller } from './wires.poller';
import { WiresRepo, type ItemWithSource } from './wires.repo';

type FeedInput = z.output<typeof wireFeedInputSchema>;
type ListQuery = z.output<typeof wireListQuerySchema>;

/**
 * Wires (issue 26). Feeds are managed by owners/admins; items are read by anyone who may write
 * news. Nothing here writes CG: an item reaches air only as a news draft (made through
 * NewsService.create, so every news rule applies) that an editor then approves.
 */
export class WiresService {
  private readonly pollLimit: ManualPollLimit;

  constructor(
    private readonly ctx: AppContext,
    private readonly news: NewsService,
    private readonly poller: WirePoller,
    private readonly activity: ActivityLogsService,
  ) {
    this.pollLimit = new ManualPollLimit(ctx.config.wires.manualPollsPerMinute);
  }

  /** The port a request arrived on is one of ours (WirePoller.noteOwnPort). */
  noteOwnPort(port: number | undefined): void {
    this.poller.noteOwnPort(port);
  }

  async feeds(actor: Actor): Promise<WireFeed[]> {
    const rows = await this.ctx.store.read((q) => new WiresRepo(q).listFeeds(actor.companyId));
    return rows.map(presentFeed);
  }

  async createFeed(actor: Actor, input: FeedInput): Promise<WireFeed> {
    this.checkAddress(input.url);
    const now = this.now();
    const row = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new WiresRepo(tx);
      if (await repo.findFeedByUrl(actor.companyId, input.url)) throw conflict('This feed is already in the list');
      const created = await repo.insertFeed({
        companyId: actor.companyId,
        name: input.name,
        url: input.url,
        enabled: input.enabled,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      await this.activity.record(actor, 'wire_feed_created', `Added wire feed "${created.name}"`, tx);
      return created;
    });
    // The station has a feed now: its reader process is started ahead of the first poll.
    this.poller.warmReader();
    // Polled at once, in the background: its items arrive with a wires_updated event.
    if (row.enabled) void this.poller.poll(row);
    this.changed(actor.companyId, row.id);
    return this.feed(actor, row.id);
  }

  /** A new URL is a new feed to the poller: validators, errors and backoff start over. */
  async updateFeed(actor: Actor, id: number, input: FeedInput): Promise<WireFeed> {
    await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new WiresRepo(tx);
      const current = await repo.findFeed(actor.companyId, id);
      if (!current) throw notFound('Wire feed');
      // A feed saved before the address policy can still be renamed or disabled; its reads are refused.
      if (input.url !== current.url) this.checkAddress(input.url);
      const other = await repo.findFeedByUrl(actor.companyId, input.url);
      if (other && other.id !== id) throw conflict('This feed is already in the list');
      const fresh =
        input.url !== current.url
          ? { etag: null, lastModified: null, lastError: null, failures: 0, nextPollAt: null }
          : {};
      await repo.updateFeed(actor.companyId, id, {
        name: input.name,
        url: input.url,
        enabled: input.enabled,
        updatedAt: this.now(),
        ...fresh,
      });
      await this.activity.record(actor, 'wire_feed_updated', `Updated wire feed "${input.name}"`, tx);
    });
    this.changed(actor.companyId, id);
    return this.feed(actor, id);
  }

  async deleteFeed(actor: Actor, id: number): Promise<void> {
    await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new WiresRepo(tx);
      const current = await repo.findFeed(actor.companyId, id);
      if (!current) throw notFound('Wire feed');
      await repo.deleteFeed(actor.companyId, id);
      await this.activity.record(actor, 'wire_feed_deleted', `Deleted wire feed "${current.name}"`, tx);
    });
    this.changed(actor.companyId, id);
  }

  /**
   * Polls now (joining a poll already running) and answers the feed row as it is after; past the
   * station's manual polls a 429 (issue 37: wires.poll-limit.ts).
   */
  async pollNow(actor: Actor, id: number): Promise<WireFeed> {
    const row = await this.ctx.store.read((q) => new WiresRepo(q).findFeed(actor.companyId, id));
    if (!row) throw notFound('Wire feed');
    this.pollLimit.take(actor.companyId);
    await this.poller.poll(row);
    return this.feed(actor, id);
  }

  async items(actor: Actor, query: ListQuery): Promise<WireItemPage> {
    const limit = WIRES.pageSize;
    const { items, total } = await this.ctx.store.read((q) =>
      new WiresRepo(q).pageItems(actor.companyId, {
        search: query.search || undefined,
        feedId: query.feedId,
        limit,
        offset: (query.page - 1) * limit,
      }),
    );
    return { items: items.map(presentItem), total, page: query.page, limit };
  }

  /**
   * One draft per wire item: a second click (or a second editor) gets the draft already made.
   * One write of the station from check to link (the draft's own write joins it), so two requests
   * cannot interleave here. A draft that was since deleted no longer counts: a new one may be made.
   */
  async makeStory(actor: Actor, itemId: number): Promise<MakeStoryResult> {
    const made = await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new WiresRepo(tx);
      const item = await repo.findItem(actor.companyId, itemId);
      if (!item) throw notFound('Wire item');
      const existing = await repo.storyOfItem(actor.companyId, itemId);
      if (existing) {
        if ((await new NewsRepo(tx).find(actor.companyId, existing.newsId))?.isDeleted === false)
          return { newsId: existing.newsId, created: false, feedId: item.feedId };
        await repo.deleteStory(actor.companyId, existing.id);
      }
      const draft = await this.news.create(actor, draftOf(item));
      await repo.insertStory({
        companyId: actor.companyId,
        wireItemId: item.id,
        newsId: draft.id,
        source: item.source,
        title: item.title,
        link: item.link,
        createdBy: actor.userId,
        createdAt: this.now(),
      });
      return { newsId: draft.id, created: true, feedId: item.feedId };
    });
    if (!made.created) return { newsId: made.newsId, created: false };
    this.changed(actor.companyId, made.feedId);
    return { newsId: made.newsId, created: true };
  }

  /** The wire a news article was made from, or null. */
  /** The wire a story was made from (null: written in the newsroom); another station's story is a 404. */
  async sourceOf(actor: Actor, newsId: number): Promise<WireSource | null> {
    await this.news.get(actor, newsId);
    const story = await this.ctx.store.read((q) => new WiresRepo(q).storyOfNews(actor.companyId, newsId));
    return story ? presentSource(story) : null;
  }

  /**
   * An address the URL alone shows to be refused (an IP literal in any spelling: the URL parser
   * writes `127.1` and `0x7f000001` as 127.0.0.1) is a 400 now; a name is judged on what it
   * resolves to at each read (wires.address.ts), where DNS may answer differently.
   */
  private checkAddress(url: string): void {
    const verdict = judgeUrl(new URL(url), this.poller.networkPolicy());
    if (verdict === 'local')
      throw badRequest(
        'URL points at this server, a loopback, link-local or unspecified address, which feeds may not use',
      );
    if (verdict === 'private')
      throw badRequest(
        'URL is on a private network, which this server does not read feeds from (its operator can allow it: WIRES_ALLOW_PRIVATE_NETWORKS=on)',
      );
  }

  private async feed(actor: Actor, id: number): Promise<WireFeed> {
    const row = await this.ctx.store.read((q) => new WiresRepo(q).findFeed(actor.companyId, id));
    if (!row) throw notFound('Wire feed');
    return presentFeed(row);
  }

  private changed(companyId: number, feedId: number): void {
    this.ctx.bus.publish(companyId, 'wires_updated', { feedId, added: 0 });
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }
}

/** The draft's text: the wire's title and summary (plain text), source named; a writer rewrites it. */
function draftOf(item: ItemWithSource) {
  const title = item.title.slice(0, NEWS_LIMITS.title) || 'Wire story';
  const content = (item.summary || item.title).slice(0, NEWS_LIMITS.content);
  // Through the news contract, so the draft obeys every rule a typed one does.
  return parse(createNewsSchema, { title, subtitle: null, content, category: 'Wires', priority: 'normal' });
}
