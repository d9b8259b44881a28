import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { isoNow } from './columns';
import { companies } from './companies';
import { news } from './news';
import { users } from './users';

/**
 * Every saved text of a story (issue 26): created, each edit, each restore. Goes with the story
 * when the recycle bin purges it (ON DELETE CASCADE).
 */
export const newsRevisions = sqliteTable(
  'news_revisions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    /** The story's version after this save. */
    version: integer('version').notNull(),
    action: text('action').notNull(),
    /** For a restore: the revision it brought back. */
    restoredFrom: integer('restored_from'),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    content: text('content').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    savedByName: text('saved_by_name'),
    savedAt: text('saved_at').notNull().default(isoNow),
  },
  (t) => [index('news_revisions_story_idx').on(t.newsId, t.id)],
);

export type NewsRevisionRow = typeof newsRevisions.$inferSelect;
