import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Password checks in the login limit's window (issue 43), shared by every server on a PostgreSQL
 * store so a guesser gains nothing by spreading guesses over servers. One row per check reserved;
 * `key` is "<ip or channel>", the unit separator (U+001F), "<username, lower case>". The SQLite store's one server counts in
 * memory instead (server/modules/auth/login-limiter.ts), and this table stays empty there.
 */
export const loginAttempts = sqliteTable(
  'login_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    // ISO time with milliseconds (Date.toISOString): sorts as it reads.
    at: text('at').notNull(),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.key, t.at)],
);
