import { type Column, type SQL, sql } from 'drizzle-orm';
import { isSqlite, type Q } from './store';

/**
 * What differs between SQLite and PostgreSQL in the repositories' queries (issue 42; the plan:
 * docs/postgresql.md "What comes next"). Everything else is drizzle's builder, written once.
 */

/** The first row of a result, or undefined: PostgreSQL's builder has no `.get()`. */
export function first<T>(rows: T[]): T | undefined {
  return rows[0];
}

/** `count(*)` as a number on both engines (PostgreSQL returns a bigint as a string). */
export const countAll = () => sql<number>`count(*)`.mapWith(Number);

/**
 * Case-insensitive "contains" for searches, Thaana and other scripts included: PostgreSQL's ILIKE;
 * on SQLite LIKE folds ASCII only, so both sides are lowered (`lower()` folds only ASCII there
 * too — Thaana has no case, so the same search finds the same rows on both).
 */
export function containsIgnoringCase(q: Q, column: Column | SQL, text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return isSqlite(q)
    ? sql`lower(${column}) like lower(${pattern}) escape '\\'`
    : sql`${column} ilike ${pattern} escape '\\'`;
}

/** `%`, `_` and the escape itself match literally in a search. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
