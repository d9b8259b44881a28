import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { countAll, first } from '../../db/dialect';
import type { EquipmentRow } from '../../db/schema';
import { type Tables, Repo } from '../../db/store';

export type EquipmentPatch = Partial<
  Omit<Tables['equipment']['$inferInsert'], 'id' | 'companyId' | 'createdAt' | 'version'>
>;

/** Statuses in which a loan still holds the item (it may not be deleted then). */
export const OPEN_LOAN_STATUSES = ['out', 'return_requested', 'extension_pending'] as const;

/** SQL for the equipment catalogue; every query is scoped by company. */
export class EquipmentRepo extends Repo {
  async list(companyId: number): Promise<EquipmentRow[]> {
    const { equipment } = this.t;
    return this.db
      .select()
      .from(equipment)
      .where(eq(equipment.companyId, companyId))
      .orderBy(desc(equipment.createdAt), desc(equipment.id));
  }

  /** A page by id (keyset): long readers (the Sheets sync) take the catalogue a page at a time. */
  async listAfter(companyId: number, afterId: number, limit: number): Promise<EquipmentRow[]> {
    const { equipment } = this.t;
    return this.db
      .select()
      .from(equipment)
      .where(and(eq(equipment.companyId, companyId), gt(equipment.id, afterId)))
      .orderBy(asc(equipment.id))
      .limit(limit);
  }

  async find(companyId: number, id: number): Promise<EquipmentRow | undefined> {
    const { equipment } = this.t;
    return first(
      await this.db
        .select()
        .from(equipment)
        .where(and(eq(equipment.companyId, companyId), eq(equipment.id, id))),
    );
  }

  async codeTaken(companyId: number, code: string, exceptId?: number): Promise<boolean> {
    const { equipment } = this.t;
    const row = first(
      await this.db
        .select({ id: equipment.id })
        .from(equipment)
        .where(and(eq(equipment.companyId, companyId), eq(equipment.code, code))),
    );
    return row !== undefined && row.id !== exceptId;
  }

  async insert(values: Tables['equipment']['$inferInsert']): Promise<EquipmentRow> {
    return first(await this.db.insert(this.t.equipment).values(values).returning())!;
  }

  /** Every change moves the version on (issue 26); a given `version` must still be the stored one. */
  async update(
    companyId: number,
    id: number,
    patch: EquipmentPatch,
    version?: number,
  ): Promise<EquipmentRow | undefined> {
    const { equipment } = this.t;
    return first(
      await this.db
        .update(equipment)
        .set({ ...patch, version: sql`${equipment.version} + 1` })
        .where(
          and(
            eq(equipment.companyId, companyId),
            eq(equipment.id, id),
            version === undefined ? undefined : eq(equipment.version, version),
          ),
        )
        .returning(),
    );
  }

  /** Its requests, extensions and alerts go with it (ON DELETE CASCADE). */
  async delete(companyId: number, id: number): Promise<EquipmentRow | undefined> {
    const { equipment } = this.t;
    return first(
      await this.db
        .delete(equipment)
        .where(and(eq(equipment.companyId, companyId), eq(equipment.id, id)))
        .returning(),
    );
  }

  /** How many of the item's loans are still open (out, awaiting return or an extension). */
  async openLoans(companyId: number, id: number): Promise<number> {
    const { equipmentRequests } = this.t;
    const row = first(
      await this.db
        .select({ n: countAll() })
        .from(equipmentRequests)
        .where(
          and(
            eq(equipmentRequests.companyId, companyId),
            eq(equipmentRequests.equipmentId, id),
            inArray(equipmentRequests.status, [...OPEN_LOAN_STATUSES]),
          ),
        ),
    );
    return row?.n ?? 0;
  }
}
