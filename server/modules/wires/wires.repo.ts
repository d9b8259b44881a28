import { and, asc, count, desc, eq, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { wireFeeds, wireItems, wireStories, type WireFeedRow, type WireStoryRow } from '../../db/schema';
import type { ParsedEntry } from './wires.parse';

export type FeedPatch = Partial<Omit<WireFeedRow, 'id' | 'companyId' | 'createdAt' | 'createdBy'>>;
export type FeedWithCount = WireFeedRow & { itemCount: number };

const itemColumns = {
  id: wireItems.id,
  feedId: wireItems.feedId,
  source: wireFeeds.name,
  title: wireItems.title,
  summary: wireItems.summary,
  link: wireItems.link,
  publishedAt: wireItems.publishedAt,
  newsId: wireStories.newsId,
};
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

/** `%` and `_` typed by the user are literal in a search, not wildcards. */
const likeEscaped = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Feeds, items and story links; every read and write names the company. */
export class WiresRepo {
  constructor(private readonly db: DbOrTx) {}

  listFeeds(companyId: number): FeedWithCount[] {
    const counts = this.db
      .select({ feedId: wireItems.feedId, n: count() })
      .from(wireItems)
      .where(eq(wireItems.companyId, companyId))
      .groupBy(wireItems.feedId)
      .all();
    const byFeed = new Map(counts.map((c) => [c.feedId, c.n]));
    return this.db
      .select()
      .from(wireFeeds)
      .where(eq(wireFeeds.companyId, companyId))
      .orderBy(asc(wireFeeds.name), asc(wireFeeds.id))
      .all()
      .map((f) => ({ ...f, itemCount: byFeed.get(f.id) ?? 0 }));
  }

  findFeed(companyId: number, id: number): FeedWithCount | undefined {
    const row = this.db
      .select()
      .from(wireFeeds)
      .where(and(eq(wireFeeds.companyId, companyId), eq(wireFeeds.id, id)))
      .get();
    if (!row) return undefined;
    const n = this.db.select({ n: count() }).from(wireItems).where(eq(wireItems.feedId, id)).get()?.n ?? 0;
    return { ...row, itemCount: n };
  }

  findFeedByUrl(companyId: number, url: string): WireFeedRow | undefined {
    return this.db
      .select()
      .from(wireFeeds)
      .where(and(eq(wireFeeds.companyId, companyId), eq(wireFeeds.url, url)))
      .get();
  }

  /** Whether any station has a feed (then the wires reader is started before the first poll). */
  anyFeed(): boolean {
    return this.db.select({ id: wireFeeds.id }).from(wireFeeds).limit(1).get() !== undefined;
  }

  insertFeed(values: typeof wireFeeds.$inferInsert): WireFeedRow {
    return this.db.insert(wireFeeds).values(values).returning().get();
  }

  updateFeed(companyId: number, id: number, patch: FeedPatch): boolean {
    return (
      this.db
        .update(wireFeeds)
        .set(patch)
        .where(and(eq(wireFeeds.companyId, companyId), eq(wireFeeds.id, id)))
        .run().changes > 0
    );
  }

  /** Its items go with it (cascade); story links stay (they copy what they need). */
  deleteFeed(companyId: number, id: number): boolean {
    return (
      this.db
        .delete(wireFeeds)
        .where(and(eq(wireFeeds.companyId, companyId), eq(wireFeeds.id, id)))
        .run().changes > 0
    );
  }

  /** Enabled feeds whose time has come, across companies, longest-waiting first. */
  dueFeeds(nowIso: string, limit: number): WireFeedRow[] {
    return this.db
      .select()
      .from(wireFeeds)
      .where(and(eq(wireFeeds.enabled, true), or(isNull(wireFeeds.nextPollAt), lte(wireFeeds.nextPollAt, nowIso))))
      .orderBy(sql`${wireFeeds.nextPollAt} IS NOT NULL`, asc(wireFeeds.nextPollAt))
      .limit(limit)
      .all();
  }

  /** New entries only: an entry already stored for this feed (same guid) is skipped. Returns how many were new. */
  /** Keeps the newest `keep` items of the feed and none published before `cutoffIso`. */
  prune(feedId: number, keep: number, cutoffIso: string): number {
    const newest = this.db
      .select({ id: wireItems.id })
      .from(wireItems)
      .where(eq(wireItems.feedId, feedId))
      .orderBy(desc(wireItems.publishedAt), desc(wireItems.id))
      .limit(keep);
    const over = this.db
      .delete(wireItems)
      .where(and(eq(wireItems.feedId, feedId), notInArray(wireItems.id, newest)))
      .run().changes;
    const old = this.db
      .delete(wireItems)
      .where(and(eq(wireItems.feedId, feedId), lte(wireItems.publishedAt, cutoffIso)))
      .run().changes;
    return over + old;
  }

  pageItems(
    companyId: number,
    opts: { search?: string; feedId?: number; limit: number; offset: number },
  ): { items: ItemWithSource[]; total: number } {
    const where: SQL | undefined = and(
      eq(wireItems.companyId, companyId),
      opts.feedId ? eq(wireItems.feedId, opts.feedId) : undefined,
      opts.search
        ? sql`(${wireItems.title} LIKE ${likeEscaped(opts.search)} ESCAPE '\\' OR ${wireItems.summary} LIKE ${likeEscaped(opts.search)} ESCAPE '\\')`
        : undefined,
    );
    const items = this.db
      .select(itemColumns)
      .from(wireItems)
      .innerJoin(wireFeeds, eq(wireFeeds.id, wireItems.feedId))
      .leftJoin(wireStories, eq(wireStories.wireItemId, wireItems.id))
      .where(where)
      .orderBy(desc(wireItems.publishedAt), desc(wireItems.id))
      .limit(opts.limit)
      .offset(opts.offset)
      .all();
    const total = this.db.select({ n: count() }).from(wireItems).where(where).get()?.n ?? 0;
    return { items, total };
  }

  findItem(companyId: number, id: number): ItemWithSource | undefined {
    return this.db
      .select(itemColumns)
      .from(wireItems)
      .innerJoin(wireFeeds, eq(wireFeeds.id, wireItems.feedId))
      .leftJoin(wireStories, eq(wireStories.wireItemId, wireItems.id))
      .where(and(eq(wireItems.companyId, companyId), eq(wireItems.id, id)))
      .get();
  }

  storyOfItem(companyId: number, wireItemId: number): WireStoryRow | undefined {
    return this.db
      .select()
      .from(wireStories)
      .where(and(eq(wireStories.companyId, companyId), eq(wireStories.wireItemId, wireItemId)))
      .get();
  }

  storyOfNews(companyId: number, newsId: number): WireStoryRow | undefined {
    return this.db
      .select()
      .from(wireStories)
      .where(and(eq(wireStories.companyId, companyId), eq(wireStories.newsId, newsId)))
      .get();
  }

  insertStory(values: typeof wireStories.$inferInsert): void {
    this.db.insert(wireStories).values(values).run();
  }

  deleteStory(companyId: number, id: number): void {
    this.db
      .delete(wireStories)
      .where(and(eq(wireStories.companyId, companyId), eq(wireStories.id, id)))
      .run();
  }
}

/**
 * The poller's per-slice statements, built and prepared once: drizzle building the INSERT anew for
 * every row held the air thread ~20 ms per 50-row slice here (docs/design-rules.md §7: building and preparing
 * SQL costs more than running it). Prepared on the one connection, so they join the transaction
 * they are called in.
 */
export class WireItemWriter {
  private readonly feedStmt;
  private readonly insertStmt;

  constructor(db: Db) {
    this.feedStmt = db
      .select({ id: wireFeeds.id })
      .from(wireFeeds)
      .where(and(eq(wireFeeds.companyId, sql.placeholder('companyId')), eq(wireFeeds.id, sql.placeholder('feedId'))))
      .prepare();
    const p = (name: string) => sql.placeholder(name);
    this.insertStmt = db
      .insert(wireItems)
      .values({
        companyId: p('companyId'),
        feedId: p('feedId'),
        guid: p('guid'),
        title: p('title'),
        summary: p('summary'),
        link: p('link'),
        publishedAt: p('publishedAt'),
        fetchedAt: p('fetchedAt'),
      })
      .onConflictDoNothing()
      .prepare();
  }

  /** The feed may have been deleted while it was fetched: then nothing is written. */
  feedExists(companyId: number, feedId: number): boolean {
    return this.feedStmt.get({ companyId, feedId }) !== undefined;
  }

  /** New entries only (the unique (feed, guid) index drops repeats); a future date becomes the fetch time. */
  insert(companyId: number, feedId: number, entries: ParsedEntry[], fetchedAt: string): number {
    let added = 0;
    for (const e of entries) {
      const publishedAt = e.publishedAt && e.publishedAt < fetchedAt ? e.publishedAt : fetchedAt;
      added += this.insertStmt.run({
        companyId,
        feedId,
        guid: e.guid,
        title: e.title,
        summary: e.summary,
        link: e.link,
        publishedAt,
        fetchedAt,
      }).changes;
    }
    return added;
  }
}
