import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
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
      .where(and(isNotNull(googleSheetsConnections.serviceAccountKey), isNotNull(googleSheetsConnections.spreadsheetId)))
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

  /** The sync hashes of these rows (a page: at most a few thousand ids). */
  hashesOf(companyId: number, rowIds: number[]): Map<number, string> {
    const out = new Map<number, string>();
    for (let i = 0; i < rowIds.length; i += 5000) {
      const rows = this.db
        .select({ rowId: googleSheetsRows.rowId, hash: googleSheetsRows.hash })
        .from(googleSheetsRows)
        .where(and(eq(googleSheetsRows.companyId, companyId), inArray(googleSheetsRows.rowId, rowIds.slice(i, i + 5000))))
        .all();
      rows.forEach((r) => out.set(r.rowId, r.hash));
    }
    return out;
  }

  /** Items deleted in the app left the sheet with the last write: their hashes go too (one statement). */
  forgetDeleted(companyId: number): void {
    this.db
      .delete(googleSheetsRows)
      .where(and(eq(googleSheetsRows.companyId, companyId), notInArray(googleSheetsRows.rowId, this.db.select({ id: equipment.id }).from(equipment).where(eq(equipment.companyId, companyId)))))
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
