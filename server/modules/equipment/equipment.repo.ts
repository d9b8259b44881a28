import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { equipment, equipmentRequests, type EquipmentRow } from '../../db/schema';

export type EquipmentPatch = Partial<Omit<typeof equipment.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'version'>>;

/** Statuses in which a loan still holds the item (it may not be deleted then). */
export const OPEN_LOAN_STATUSES = ['out', 'return_requested', 'extension_pending'] as const;

/** SQL for the equipment catalogue; every query is scoped by company. */
export class EquipmentRepo {
  constructor(private readonly db: DbOrTx) {}

  list(companyId: number): EquipmentRow[] {
    return this.db
      .select()
      .from(equipment)
      .where(eq(equipment.companyId, companyId))
      .orderBy(desc(equipment.createdAt), desc(equipment.id))
      .all();
  }

  /** A page by id (keyset): long readers (the Sheets sync) take the catalogue a page at a time. */
  listAfter(companyId: number, afterId: number, limit: number): EquipmentRow[] {
    return this.db
      .select()
      .from(equipment)
      .where(and(eq(equipment.companyId, companyId), gt(equipment.id, afterId)))
      .orderBy(asc(equipment.id))
      .limit(limit)
      .all();
  }

  find(companyId: number, id: number): EquipmentRow | undefined {
    return this.db
      .select()
      .from(equipment)
      .where(and(eq(equipment.companyId, companyId), eq(equipment.id, id)))
      .get();
  }

  codeTaken(companyId: number, code: string, exceptId?: number): boolean {
    const row = this.db
      .select({ id: equipment.id })
      .from(equipment)
      .where(and(eq(equipment.companyId, companyId), eq(equipment.code, code)))
      .get();
    return row !== undefined && row.id !== exceptId;
  }

  insert(values: typeof equipment.$inferInsert): EquipmentRow {
    return this.db.insert(equipment).values(values).returning().get();
  }

  /** Every change moves the version on (issue 26); a given `version` must still be the stored one. */
  update(companyId: number, id: number, patch: EquipmentPatch, version?: number): EquipmentRow | undefined {
    return this.db
      .update(equipment)
      .set({ ...patch, version: sql`${equipment.version} + 1` })
      .where(
        and(
          eq(equipment.companyId, companyId),
          eq(equipment.id, id),
          version === undefined ? undefined : eq(equipment.version, version),
        ),
      )
      .returning()
      .get();
  }

  /** Its requests, extensions and alerts go with it (ON DELETE CASCADE). */
  delete(companyId: number, id: number): EquipmentRow | undefined {
    return this.db
      .delete(equipment)
      .where(and(eq(equipment.companyId, companyId), eq(equipment.id, id)))
      .returning()
      .get();
  }

  /** How many of the item's loans are still open (out, awaiting return or an extension). */
  openLoans(companyId: number, id: number): number {
    const row = this.db
      .select({ n: sql<number>`count(*)` })
      .from(equipmentRequests)
      .where(
        and(
          eq(equipmentRequests.companyId, companyId),
          eq(equipmentRequests.equipmentId, id),
          inArray(equipmentRequests.status, [...OPEN_LOAN_STATUSES]),
        ),
      )
      .get();
    return row?.n ?? 0;
  }
}
