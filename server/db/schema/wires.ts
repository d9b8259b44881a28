import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { users } from './users';

/**
 * Wires (issue 26): the feeds a station follows, with what the poller needs to ask politely
 * (ETag / Last-Modified) and to back off (failures, nextPollAt), and what the feed row shows.
 */
export const wireFeeds = sqliteTable(
  'wire_feeds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    url: text('url').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastPolledAt: text('last_polled_at'),
    lastSuccessAt: text('last_success_at'),
    lastError: text('last_error'),
    failures: integer('failures').notNull().default(0),
    /** Null: due now. */
    nextPollAt: text('next_poll_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('wire_feeds_company_url_idx').on(t.companyId, t.url),
    index('wire_feeds_due_idx').on(t.enabled, t.nextPollAt),
  ],
);

/** Items as plain text. (feedId, guid) is unique: a feed's item is stored once however often it is polled. */
export const wireItems = sqliteTable(
  'wire_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    feedId: integer('feed_id')
      .notNull()
      .references(() => wireFeeds.id, { onDelete: 'cascade' }),
    /** The entry's id, else its link, else a hash of its title (see wires.parse.ts). */
    guid: text('guid').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    link: text('link'),
    /** The feed's date, clamped to when we first saw it (a future date would pin it on top). */
    publishedAt: text('published_at').notNull(),
    fetchedAt: text('fetched_at').notNull(),
  },
  (t) => [
    uniqueIndex('wire_items_feed_guid_idx').on(t.feedId, t.guid),
    index('wire_items_company_published_idx').on(t.companyId, t.publishedAt),
    index('wire_items_feed_published_idx').on(t.feedId, t.publishedAt),
  ],
);

/**
 * Which news draft was made from which wire item. Kept apart from the news row (whose save paths
 * other work owns) and kept after the item is pruned: source, title and link are copied here.
 * No foreign keys: news may be purged from the recycle bin and items pruned; the link is history.
 */
export const wireStories = sqliteTable(
  'wire_stories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    wireItemId: integer('wire_item_id'),
    newsId: integer('news_id').notNull(),
    source: text('source').notNull(),
    title: text('title').notNull(),
    link: text('link'),
    createdBy: integer('created_by'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('wire_stories_item_idx').on(t.wireItemId),
    uniqueIndex('wire_stories_news_idx').on(t.newsId),
    index('wire_stories_company_idx').on(t.companyId),
  ],
);

export type WireFeedRow = typeof wireFeeds.$inferSelect;
export type WireItemRow = typeof wireItems.$inferSelect;
export type WireStoryRow = typeof wireStories.$inferSelect;
