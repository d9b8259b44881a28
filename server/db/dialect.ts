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
 * Case-insensitive "contains" for searches, in any script. SQLite's lower() and LIKE fold ASCII
 * letters only; PostgreSQL's ILIKE would fold every cased script ("élysée" finding "Élysée"), so a
 * moved station's searches would find other rows. Both fold the 26 ASCII letters and nothing else
 * (Thaana has no case: a Dhivehi search finds the same rows either way).
 */
export function containsIgnoringCase(q: Q, column: Column | SQL, text: string): SQL {
  const pattern = `%${escapeLike(text)}%`;
  return isSqlite(q)
    ? sql`lower(${column}) like lower(${pattern}) escape '\\'`
    : // lower() under the "C" collation folds A–Z only; 18× faster than translate() over 100 000 wire items.
      sql`lower(${column} collate "C") like ${asciiLower(pattern)} escape '\\'`;
}

const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * A text column in code-point order, for ORDER BY: SQLite compares bytes (BINARY), while a
 * PostgreSQL database sorts by the collation of its locale (an installer's en-US puts "ahmed"
 * before "Bob", SQLite after), so a moved station's name-ordered lists would change order.
 * `collate "C"` is byte order there, and UTF-8 byte order is code-point order on both.
 */
export function inCodePointOrder(q: Q, column: Column): Column | SQL {
  return isSqlite(q) ? column : sql`${column} collate "C"`;
}

/** `%`, `_` and the escape itself match literally in a search. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
