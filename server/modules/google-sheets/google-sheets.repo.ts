import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { first } from '../../db/dialect';
import type { GoogleSheetsConnectionRow } from '../../db/schema';
import { isSqlite, Repo } from '../../db/store';

type ConnectionPatch = Partial<Omit<GoogleSheetsConnectionRow, 'companyId'>>;

/** The company's Sheets connection and the per-row sync hashes; every read is company-scoped. */
export class GoogleSheetsRepo extends Repo {
  async find(companyId: number): Promise<GoogleSheetsConnectionRow | undefined> {
    const { googleSheetsConnections } = this.t;
    return first(
      await this.db.select().from(googleSheetsConnections).where(eq(googleSheetsConnections.companyId, companyId)),
    );
  }

  /** Companies with a key and a sheet: the ones the scheduled pull visits. */
  async connectedCompanies(): Promise<number[]> {
    const { googleSheetsConnections } = this.t;
    const rows = await this.db
      .select({ id: googleSheetsConnections.companyId })
      .from(googleSheetsConnections)
      .where(
        and(isNotNull(googleSheetsConnections.serviceAccountKey), isNotNull(googleSheetsConnections.spreadsheetId)),
      );
    return rows.map((r) => r.id);
  }

  async save(companyId: number, patch: ConnectionPatch, at: string): Promise<void> {
    const { googleSheetsConnections } = this.t;
    const set = { ...patch, updatedAt: at };
    await this.db
      .insert(googleSheetsConnections)
      .values({ companyId, ...set })
      .onConflictDoUpdate({ target: googleSheetsConnections.companyId, set });
  }

  /**
   * The sync hashes of these rows. The ids travel as ONE parameter (SQLite: a JSON array read by
   * `json_each`; PostgreSQL: an array literal): an `IN` list of 5 000 placeholders made drizzle
   * build and SQLite prepare a 5 000-parameter statement on every page — most of a 70–330 ms
   * stretch of the air thread in a Sheets sync (issue 24).
   */
  async hashesOf(companyId: number, rowIds: number[]): Promise<Map<number, string>> {
    const { googleSheetsRows } = this.t;
    // bigint[]: an ID typed in the sheet may have up to 15 digits (integrations/google-sheets/sheet-rows.ts).
    const inIds = isSqlite(this.db)
      ? sql`${googleSheetsRows.rowId} in (select value from json_each(${JSON.stringify(rowIds)}))`
      : sql`${googleSheetsRows.rowId} = any(${`{${rowIds.join(',')}}`}::bigint[])`;
    const rows = await this.db
      .select({ rowId: googleSheetsRows.rowId, hash: googleSheetsRows.hash })
      .from(googleSheetsRows)
      .where(and(eq(googleSheetsRows.companyId, companyId), inIds));
    return new Map(rows.map((r) => [r.rowId, r.hash]));
  }

  /** Items deleted in the app left the sheet with the last write: their hashes go too (one statement). */
  async forgetDeleted(companyId: number): Promise<void> {
    const { equipment, googleSheetsRows } = this.t;
    await this.db
      .delete(googleSheetsRows)
      .where(
        and(
          eq(googleSheetsRows.companyId, companyId),
          notInArray(
            googleSheetsRows.rowId,
            this.db.select({ id: equipment.id }).from(equipment).where(eq(equipment.companyId, companyId)),
          ),
        ),
      );
  }

  async setHash(companyId: number, rowId: number, hash: string, at: string): Promise<void> {
    const { googleSheetsRows } = this.t;
    await this.db
      .insert(googleSheetsRows)
      .values({ companyId, rowId, hash, syncedAt: at })
      .onConflictDoUpdate({
        target: [googleSheetsRows.companyId, googleSheetsRows.rowId],
        set: { hash, syncedAt: at },
      });
  }

  /** A different sheet: nothing is known about its rows. */
  async forgetHashes(companyId: number): Promise<void> {
    await this.db.delete(this.t.googleSheetsRows).where(eq(this.t.googleSheetsRows.companyId, companyId));
  }
}
