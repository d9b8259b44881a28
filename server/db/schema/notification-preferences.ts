import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { users } from './users';

/**
 * One row per user who saved notification preferences (docs/product.md §Data); no row = the defaults.
 * The whole preferences object is one JSON value: it is read and written as a unit and parsed
 * with the shared contract on the way out, so old rows gain new fields' defaults.
 */
export const notificationPreferences = sqliteTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    preferences: text('preferences', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    updatedAt: text('updated_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [index('notification_preferences_company_idx').on(t.companyId)],
);

export type NotificationPreferencesRow = typeof notificationPreferences.$inferSelect;
