import { and, asc, desc, eq, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { containsIgnoringCase, countAll, first, inCodePointOrder } from '../../db/dialect';
import type { WireFeedRow, WireStoryRow } from '../../db/schema';
import { type Tables, Repo } from '../../db/store';
import type { ParsedEntry } from './wires.parse';

export type FeedPatch = Partial<Omit<WireFeedRow, 'id' | 'companyId' | 'createdAt' | 'createdBy'>>;
export type FeedWithCount = WireFeedRow & { itemCount: number };

export type ItemWithSource = {
  id: number;
  feedId: number;
  source: string;
  title: string;
  summary: string;
  link: string | null;
  publishedAt: string;
  newsId: number | null;
};

/** Feeds, items and story links; every read and write names the company. */
export class WiresRepo extends Repo {
  private itemColumns() {
    const { wireItems, wireFeeds, wireStories } = this.t;
    return {
      id: wireItems.id,
      feedId: wireItems.feedId,
      source: wireFeeds.name,
      title: wireItems.title,
      summary: wireItems.summary,
      link: wireItems.link,
      publishedAt: wireItems.publishedAt,
      newsId: wireStories.newsId,
    };
  }

  async listFeeds(companyId: number): Promise<FeedWithCount[]> {
    const { wireFeeds, wireItems } = this.t;
    const counts = await this.db
      .select({ feedId: wireItems.feedId, n: countAll() })
      .from(wireItems)
      .where(eq(wireItems.companyId, companyId))
      .groupBy(wireItems.feedId);
    const byFeed = new Map(counts.map((c) => [c.feedId, c.n]));
    const feeds = await this.db
      .select()
      .from(wireFeeds)
      .where(eq(wireFeeds.companyId, companyId))
      .orderBy(asc(inCodePointOrder(this.db, wireFeeds.name)), asc(wireFeeds.id));
    return feeds.map((f) => ({ ...f, itemCount: byFeed.get(f.id) ?? 0 }));
  }

  async findFeed(companyId: number, id: number): Promise<FeedWithCount | undefined> {
    const { wireFeeds, wireItems } = this.t;
    const row = first(
      await this.db
        .select()
        .from(wireFeeds)
        .where(and(eq(wireFeeds.companyId, companyId), eq(wireFeeds.id, id))),
    );
    if (!row) return undefined;
    const n = first(await this.db.select({ n: countAll() }).from(wireItems).where(eq(wireItems.feedId, id)))?.n ?? 0;
    return { ...row, itemCount: n };
  }

  async findFeedByUrl(companyId: number, url: string): Promise<WireFeedRow | undefined> {
    const { wireFeeds } = this.t;
    return first(
      await this.db
        .select()
        .from(wireFeeds)
        .where(and(eq(wireFeeds.companyId, companyId), eq(wireFeeds.url, url))),
    );
  }

  /** Whether any station has a feed (then the wires reader is started before the first poll). */
  async anyFeed(): Promise<boolean> {
    const { wireFeeds } = this.t;
    return first(await this.db.select({ id: wireFeeds.id }).from(wireFeeds).limit(1)) !== undefined;
  }

  /** The feed may have been deleted while it was fetched: then nothing is written. */
  async feedExists(companyId: number, feedId: number): Promise<boolean> {
    const { wireFeeds } = this.t;
    const row = first(
      await this.db
        .select({ id: wireFeeds.id })
        .from(wireFeeds)
        .where(and(eq(wireFeeds.companyId, companyId), eq(wireFeeds.id, feedId))),
    );
    return row !== undefined;
  }

  async insertFeed(values: Tables['wireFeeds']['$inferInsert']): Promise<WireFeedRow> {
    return first(await this.db.insert(this.t.wireFeeds).values(values).returning())!;
  }

  async updateFeed(companyId: number, id: number, patch: FeedPatch): Promise<boolean> {
    const { wireFeeds } = this.t;
    const changed = await this.db
      .update(wireFeeds)
      .set(patch)
      .where(and(eq(wireFeeds.companyId, companyId), eq(wireFeeds.id, id)))
      .returning({ id: wireFeeds.id });
    return changed.length > 0;
  }

  /** Its items go with it (cascade); story links stay (they copy what they need). */
  async deleteFeed(companyId: number, id: number): Promise<boolean> {
    const { wireFeeds } = this.t;
    const deleted = await this.db
      .delete(wireFeeds)
      .where(and(eq(wireFeeds.companyId, companyId), eq(wireFeeds.id, id)))
      .returning({ id: wireFeeds.id });
    return deleted.length > 0;
  }

  /** Enabled feeds whose time has come, across companies, longest-waiting first. */
  async dueFeeds(nowIso: string, limit: number): Promise<WireFeedRow[]> {
    const { wireFeeds } = this.t;
    return this.db
      .select()
      .from(wireFeeds)
      .where(and(eq(wireFeeds.enabled, true), or(isNull(wireFeeds.nextPollAt), lte(wireFeeds.nextPollAt, nowIso))))
      .orderBy(sql`${wireFeeds.nextPollAt} IS NOT NULL`, asc(wireFeeds.nextPollAt))
      .limit(limit);
  }

  /**
   * New entries only (the unique (feed, guid) index drops repeats); a future date becomes the fetch
   * time. Returns how many were new. One INSERT for the whole slice (≤ 50 entries), built once per
   * slice: drizzle building the INSERT anew for every row held the air thread ~20 ms per 50-row
   * slice (docs/design-rules.md §7: building and preparing SQL costs more than running it). The
   * one statement costs ~1–2 ms a slice on SQLite (statements prepared once on its connection
   * took ~0.4), and it is the same statement on PostgreSQL.
   */
  async insertItems(companyId: number, feedId: number, entries: ParsedEntry[], fetchedAt: string): Promise<number> {
    if (entries.length === 0) return 0;
    const { wireItems } = this.t;
    const rows = entries.map((e) => ({
      companyId,
      feedId,
      guid: e.guid,
      title: e.title,
      summary: e.summary,
      link: e.link,
      publishedAt: e.publishedAt && e.publishedAt < fetchedAt ? e.publishedAt : fetchedAt,
      fetchedAt,
    }));
    const added = await this.db.insert(wireItems).values(rows).onConflictDoNothing().returning({ id: wireItems.id });
    return added.length;
  }

  /** Keeps the newest `keep` items of the feed and none published before `cutoffIso`. */
  async prune(feedId: number, keep: number, cutoffIso: string): Promise<number> {
    const { wireItems } = this.t;
    const newest = this.db
      .select({ id: wireItems.id })
      .from(wireItems)
      .where(eq(wireItems.feedId, feedId))
      .orderBy(desc(wireItems.publishedAt), desc(wireItems.id))
      .limit(keep);
    const over = await this.db
      .delete(wireItems)
      .where(and(eq(wireItems.feedId, feedId), notInArray(wireItems.id, newest)))
      .returning({ id: wireItems.id });
    const old = await this.db
      .delete(wireItems)
      .where(and(eq(wireItems.feedId, feedId), lte(wireItems.publishedAt, cutoffIso)))
      .returning({ id: wireItems.id });
    return over.length + old.length;
  }

  async pageItems(
    companyId: number,
    opts: { search?: string; feedId?: number; limit: number; offset: number },
  ): Promise<{ items: ItemWithSource[]; total: number }> {
    const { wireItems, wireFeeds, wireStories } = this.t;
    // `%` and `_` typed by the user are literal in a search, not wildcards (containsIgnoringCase escapes them).
    const where: SQL | undefined = and(
      eq(wireItems.companyId, companyId),
      opts.feedId ? eq(wireItems.feedId, opts.feedId) : undefined,
      opts.search
        ? or(
            containsIgnoringCase(this.db, wireItems.title, opts.search),
            containsIgnoringCase(this.db, wireItems.summary, opts.search),
          )
        : undefined,
    );
    const items = await this.db
      .select(this.itemColumns())
      .from(wireItems)
      .innerJoin(wireFeeds, eq(wireFeeds.id, wireItems.feedId))
      .leftJoin(wireStories, eq(wireStories.wireItemId, wireItems.id))
      .where(where)
      .orderBy(desc(wireItems.publishedAt), desc(wireItems.id))
      .limit(opts.limit)
      .offset(opts.offset);
    const total = first(await this.db.select({ n: countAll() }).from(wireItems).where(where))?.n ?? 0;
    return { items, total };
  }

  async findItem(companyId: number, id: number): Promise<ItemWithSource | undefined> {
    const { wireItems, wireFeeds, wireStories } = this.t;
    return first(
      await this.db
        .select(this.itemColumns())
        .from(wireItems)
        .innerJoin(wireFeeds, eq(wireFeeds.id, wireItems.feedId))
        .leftJoin(wireStories, eq(wireStories.wireItemId, wireItems.id))
        .where(and(eq(wireItems.companyId, companyId), eq(wireItems.id, id))),
    );
  }

  async storyOfItem(companyId: number, wireItemId: number): Promise<WireStoryRow | undefined> {
    const { wireStories } = this.t;
    return first(
      await this.db
        .select()
        .from(wireStories)
        .where(and(eq(wireStories.companyId, companyId), eq(wireStories.wireItemId, wireItemId))),
    );
  }

  async storyOfNews(companyId: number, newsId: number): Promise<WireStoryRow | undefined> {
    const { wireStories } = this.t;
    return first(
      await this.db
        .select()
        .from(wireStories)
        .where(and(eq(wireStories.companyId, companyId), eq(wireStories.newsId, newsId))),
    );
  }

  async insertStory(values: Tables['wireStories']['$inferInsert']): Promise<void> {
    await this.db.insert(this.t.wireStories).values(values);
  }

  async deleteStory(companyId: number, id: number): Promise<void> {
    const { wireStories } = this.t;
    await this.db.delete(wireStories).where(and(eq(wireStories.companyId, companyId), eq(wireStories.id, id)));
  }
}
