import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';

/**
 * A station's NEXT (take mode, issue 25), in the store so every server on it shows and takes the
 * same one (issue 43). One row per station; `texts` is the staged texts in the order their types
 * were first staged (Take writes them in that order), JSON `[[type, text], …]`; `[]` is empty.
 * `version` names this state of NEXT: a Take or a Clear carries the one its operator saw.
 */
export const cgNext = sqliteTable('cg_next', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  version: integer('version').notNull(),
  texts: text('texts').notNull().default('[]'),
  updatedBy: integer('updated_by'),
  updatedAt: text('updated_at'),
  lastTakeVersion: integer('last_take_version'),
  lastTakeUserId: integer('last_take_user_id'),
  lastTakeAt: text('last_take_at'),
});

export type CgNextRow = typeof cgNext.$inferSelect;
