import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * Default for timestamp columns on PostgreSQL: the same UTC ISO-8601 text with milliseconds as the
 * SQLite store's (server/db/schema/columns.ts) and `Date.toISOString()`, so times compare and sort
 * alike on both stores.
 */
export const isoNow = sql`(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/**
 * PostgreSQL's bytea for a SQLite `blob` column in buffer mode (scripts/gen-pg-schema.ts): Buffers
 * both ways. node-postgres sends a Buffer as a binary parameter (no hex text built on the event
 * loop) and reads bytea back as a Buffer.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
