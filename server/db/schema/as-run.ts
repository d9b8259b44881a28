import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';

/**
 * The as-run log (issue 25): one row per (on-air change × CG type × output) — what reached each
 * output, when (ms), who, from where, and how it went. Written in batches off the on-air path
 * (modules/as-run/as-run.recorder.ts). `user_id` has no foreign key: a log outlives the user it
 * names (the list shows the name while the user exists, else the id).
 */
export const asRun = sqliteTable(
  'as_run',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** ISO-8601 UTC with milliseconds: when the output answered (files: the commit's time). */
    at: text('at').notNull(),
    /** The change's sequence number (OnAirChanges): rows of one change share it. */
    seq: integer('seq').notNull(),
    userId: integer('user_id'),
    /**
     * The API key that made the change (Stream Deck, Companion), by its name and prefix at the
     * time: a deleted or renamed key still reads as it did on air.
     */
    apiKey: text('api_key'),
    source: text('source').notNull(),
    action: text('action').notNull(),
    type: text('type').notNull(),
    /** The text the type got ('' = cleared). */
    text: text('text').notNull(),
    output: text('output').notNull(),
    result: text('result').notNull(),
    message: text('message'),
  },
  // Newest first is (at, id) descending; each index ends in `at` (and the implied rowid), so a page
  // with or without a type / user filter is read in index order, never sorted (100 000+ rows).
  (t) => [
    index('as_run_company_at_idx').on(t.companyId, t.at),
    index('as_run_company_type_at_idx').on(t.companyId, t.type, t.at),
    index('as_run_company_user_at_idx').on(t.companyId, t.userId, t.at),
  ],
);

export type AsRunRow = typeof asRun.$inferSelect;
export type NewAsRunRow = typeof asRun.$inferInsert;
