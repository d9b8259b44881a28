import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Idempotency-Keys of every server on a PostgreSQL store (issue 43): a repeat of a write sent to
 * another server — a Stream Deck retrying after its server died, a page that followed to the other
 * PC — gets the first answer instead of a second effect. One row per (caller, key): `scope` is
 * "<user id or key:<api key id>>:<key>", `holder` the server running the first request (its relay
 * id, so a row of a server that died mid-request is freed). `status` and `answer` stay null while
 * it runs. The SQLite store's one server keeps keys in memory (server/lib/idempotency-memory.ts)
 * and this table stays empty there.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    scope: text('scope').primaryKey(),
    // `POST /api/news`
    route: text('route').notNull(),
    // sha-256 of the query and raw body
    body: text('body').notNull(),
    // company:role:roletype (a session) or company:scopes (an API key)
    rights: text('rights').notNull(),
    holder: text('holder').notNull(),
    // ISO time (Date.toISOString): sorts as it reads.
    expiresAt: text('expires_at').notNull(),
    status: integer('status'),
    answer: text('answer'),
  },
  (t) => [index('idempotency_keys_expires_at_idx').on(t.expiresAt)],
);

/**
 * Secrets every server of a store signs with (issue 43): `download_tickets` signs the links that
 * download an installer, so a link made on one server opens on another. Made once, by whichever
 * server needs it first; never exported.
 */
export const storeSecrets = sqliteTable('store_secrets', {
  name: text('name').primaryKey(),
  // hex
  value: text('value').notNull(),
});
