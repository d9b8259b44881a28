import { isoNow } from './columns';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';

/** Company API keys (e.g. for a graphics PC pulling /api/cg-files/sync). Only the hash is kept. */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** First characters of the key, so people can tell keys apart without seeing them. */
    keyPrefix: text('key_prefix').notNull(),
    permissions: text('permissions', { mode: 'json' }).$type<string[]>().notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: text('created_at').notNull().default(isoNow),
    lastUsed: text('last_used'),
  },
  (t) => [index('api_keys_company_idx').on(t.companyId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
