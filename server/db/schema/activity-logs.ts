import { isoNow } from './columns';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { news } from './news';
import { newsRevisions } from './news-revisions';
import { users } from './users';

/** Who did what, per company. Append-only. */
export const activityLogs = sqliteTable(
  'activity_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    details: text('details'),
    // The story revision an entry saved (issue 26: the log links to it); gone with the story.
    newsId: integer('news_id').references(() => news.id, { onDelete: 'set null' }),
    newsRevisionId: integer('news_revision_id').references(() => newsRevisions.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(isoNow),
  },
  (t) => [index('activity_company_created_idx').on(t.companyId, t.createdAt)],
);

export type ActivityLogRow = typeof activityLogs.$inferSelect;
