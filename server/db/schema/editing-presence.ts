import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';

/**
 * Who has a story, bulletin or prompter open for editing (issue 26), in the store so every server
 * of a station shows the same editors (issue 43). One row per live socket and record: `holder` is
 * "<server id> <socket id>"; the server's id is the one its relay connections carry, so rows of a
 * server that is gone are found and removed (server/live/editing-records.ts).
 */
export const editingPresence = sqliteTable(
  'editing_presence',
  {
    holder: text('holder').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').notNull(),
    recordId: integer('record_id').notNull(),
    userId: integer('user_id').notNull(),
    fullName: text('full_name').notNull(),
    // ISO time (Date.toISOString): sorts as it reads.
    since: text('since').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.holder, t.kind, t.recordId] }),
    index('editing_presence_company_record_id_idx').on(t.companyId, t.kind, t.recordId),
  ],
);

export type EditingPresenceRow = typeof editingPresence.$inferSelect;
