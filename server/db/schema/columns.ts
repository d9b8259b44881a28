import { sql } from 'drizzle-orm';

/** Default for timestamp columns: UTC ISO-8601 with milliseconds, like `Date.toISOString()`. */
export const isoNow = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
