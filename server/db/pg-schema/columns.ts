import { sql } from 'drizzle-orm';

/**
 * Default for timestamp columns on PostgreSQL: the same UTC ISO-8601 text with milliseconds as the
 * SQLite store's (server/db/schema/columns.ts) and `Date.toISOString()`, so times compare and sort
 * alike on both stores.
 */
export const isoNow = sql`(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
