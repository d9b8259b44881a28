import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { users } from './users';

/**
 * Outputs a company drives directly (issue 25): CasparCG, OBS, vMix. `config` is the kind's JSON
 * (shared/contracts/outputs.ts), parsed with its contract on every read; the OBS password lives
 * there and only the presenter's "set / not set" ever leaves the server. `version` moves on every
 * change (no lost update, issue 26).
 */
export const outputs = sqliteTable(
  'outputs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind', { enum: ['casparcg', 'obs', 'vmix'] }).notNull(),
    name: text('name').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    config: text('config').notNull(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: text('created_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('outputs_company_name_idx').on(t.companyId, t.name)],
);

export type OutputRow = typeof outputs.$inferSelect;
