import { isoNow } from './columns';
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { users } from './users';

export const news = sqliteTable(
  'news',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    content: text('content').notNull(),
    category: text('category').notNull().default('General'),
    status: text('status').notNull().default('draft'),
    priority: text('priority').notNull().default('normal'),
    isExpired: integer('is_expired', { mode: 'boolean' }).notNull().default(false),
    expiryStatus: text('expiry_status').notNull().default('active'),
    isDeleted: integer('is_deleted', { mode: 'boolean' }).notNull().default(false),
    deletedBy: integer('deleted_by').references(() => users.id),
    deletedAt: text('deleted_at'),
    scheduledForDeletion: text('scheduled_for_deletion'),
    createdBy: integer('created_by').references(() => users.id),
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: text('approved_at'),
    publishedBy: integer('published_by').references(() => users.id),
    publishedAt: text('published_at'),
    // Sent back to its writer (issue 26): why, how (rejected draft / unapproved), by whom, when.
    // Cleared when the story is approved again; the activity log keeps every one.
    returnReason: text('return_reason'),
    returnKind: text('return_kind'),
    returnedBy: integer('returned_by').references(() => users.id),
    returnedByName: text('returned_by_name'),
    returnedAt: text('returned_at'),
    // Submitted for approval (issue 39): by whom (name kept, like returnedByName) and when.
    // Cleared when the story is sent back; approvers' bells list submitted drafts.
    submittedAt: text('submitted_at'),
    submittedBy: integer('submitted_by').references(() => users.id),
    submittedByName: text('submitted_by_name'),
    createdAt: text('created_at').notNull().default(isoNow),
    updatedAt: text('updated_at').notNull().default(isoNow),
    updatedBy: integer('updated_by').references(() => users.id),
    /** Optimistic concurrency (issue 26): +1 on every update; a save names the version it started from. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // The news page reads one status of one company, newest first, a page at a time.
    index('news_company_list_idx').on(t.companyId, t.isDeleted, t.status, t.createdAt),
    index('news_company_created_idx').on(t.companyId, t.isDeleted, t.createdAt),
    // The purge job looks for expired rows across companies.
    index('news_purge_idx').on(t.isDeleted, t.scheduledForDeletion),
    // The writer's bell looks for their stories sent back (few rows: a partial index).
    index('news_returned_idx')
      .on(t.companyId, t.createdBy)
      .where(sql`returned_at IS NOT NULL`),
  ],
);

export type NewsRow = typeof news.$inferSelect;
