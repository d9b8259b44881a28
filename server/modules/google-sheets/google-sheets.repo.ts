import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { equipment, googleSheetsConnections, googleSheetsRows, type GoogleSheetsConnectionRow } from '../../db/schema';

type ConnectionPatch = Partial<Omit<GoogleSheetsConnectionRow, 'companyId'>>;

/** The company's Sheets connection and the per-row sync hashes; every read is company-scoped. */
export class GoogleSheetsRepo {
  constructor(private readonly db: DbOrTx) {}

  find(companyId: number): GoogleSheetsConnectionRow | undefined {
    return this.db.select().from(googleSheetsConnections).where(eq(googleSheetsConnections.companyId, companyId)).get();
  }

  /** Companies with a key and a sheet: the ones the scheduled pull visits. */
  connectedCompanies(): number[] {
    return this.db
      .select({ id: googleSheetsConnections.companyId })
      .from(googleSheetsConnections)
      .where(
        and(isNotNull(googleSheetsConnections.serviceAccountKey), isNotNull(googleSheetsConnections.spreadsheetId)),
      )
      .all()
      .map((r) => r.id);
  }

  save(companyId: number, patch: ConnectionPatch, at: string): void {
    const set = { ...patch, updatedAt: at };
    this.db
      .insert(googleSheetsConnections)
      .values({ companyId, ...set })
      .onConflictDoUpdate({ target: googleSheetsConnections.companyId, set })
      .run();
  }

  /**
   * The sync hashes of these rows. The ids travel as ONE JSON parameter (`json_each`): an `IN`
   * list of 5 000 placeholders made drizzle build and SQLite prepare a 5 000-parameter statement
   * on every page — most of a 70–330 ms stretch of the air thread in a Sheets sync (issue 24).
   */
  hashesOf(companyId: number, rowIds: number[]): Map<number, string> {
    const rows = this.db
      .select({ rowId: googleSheetsRows.rowId, hash: googleSheetsRows.hash })
      .from(googleSheetsRows)
      .where(
        and(
          eq(googleSheetsRows.companyId, companyId),
          sql`${googleSheetsRows.rowId} in (select value from json_each(${JSON.stringify(rowIds)}))`,
        ),
      )
      .all();
    return new Map(rows.map((r) => [r.rowId, r.hash]));
  }

  /** Items deleted in the app left the sheet with the last write: their hashes go too (one statement). */
  forgetDeleted(companyId: number): void {
    this.db
      .delete(googleSheetsRows)
      .where(
        and(
          eq(googleSheetsRows.companyId, companyId),
          notInArray(
            googleSheetsRows.rowId,
            this.db.select({ id: equipment.id }).from(equipment).where(eq(equipment.companyId, companyId)),
          ),
        ),
      )
      .run();
  }

  setHash(companyId: number, rowId: number, hash: string, at: string): void {
    this.db
      .insert(googleSheetsRows)
      .values({ companyId, rowId, hash, syncedAt: at })
      .onConflictDoUpdate({ target: [googleSheetsRows.companyId, googleSheetsRows.rowId], set: { hash, syncedAt: at } })
      .run();
  }

  /** A different sheet: nothing is known about its rows. */
  forgetHashes(companyId: number): void {
    this.db.delete(googleSheetsRows).where(eq(googleSheetsRows.companyId, companyId)).run();
  }
}
