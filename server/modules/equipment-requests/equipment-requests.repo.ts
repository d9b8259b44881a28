import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client';
import {
  equipment,
  equipmentActivities,
  equipmentRequests,
  extensionRequests,
  users,
  type EquipmentRequestRow,
  type ExtensionRequestRow,
} from '../../db/schema';

const requester = alias(users, 'requester');
const approver = alias(users, 'approver');

export type RequestPatch = Partial<Omit<typeof equipmentRequests.$inferInsert, 'id' | 'companyId' | 'createdAt'>>;

/** SQL for loan requests, their extensions and the equipment activity trail; scoped by company. */
export class EquipmentRequestsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The company's requests (or one) with the people's and the item's names; newest first. */
  list(companyId: number, id?: number) {
    return this.db
      .select({
        row: equipmentRequests,
        requestedByName: requester.fullName,
        requestedByUsername: requester.username,
        approvedByUsername: approver.username,
        approvedByName: approver.fullName,
        equipmentName: equipment.name,
        equipmentCode: equipment.code,
      })
      .from(equipmentRequests)
      .leftJoin(requester, eq(requester.id, equipmentRequests.requestedBy))
      .leftJoin(approver, eq(approver.id, equipmentRequests.approvedBy))
      .leftJoin(equipment, and(eq(equipment.id, equipmentRequests.equipmentId), eq(equipment.companyId, companyId)))
      .where(
        and(eq(equipmentRequests.companyId, companyId), id === undefined ? undefined : eq(equipmentRequests.id, id)),
      )
      .orderBy(desc(equipmentRequests.createdAt), desc(equipmentRequests.id))
      .all();
  }

  /** The pending extension of each of these requests. */
  pendingExtensions(companyId: number, requestIds: number[]): ExtensionRequestRow[] {
    if (!requestIds.length) return [];
    return this.db
      .select()
      .from(extensionRequests)
      .where(
        and(
          eq(extensionRequests.companyId, companyId),
          eq(extensionRequests.status, 'pending'),
          inArray(extensionRequests.originalRequestId, requestIds),
        ),
      )
      .all();
  }

  /** The pending extensions with the asker's name (the approver's view, issue 39). */
  pendingExtensionsNamed(
    companyId: number,
    requestIds: number[],
  ): Array<{ ext: ExtensionRequestRow; requestedByName: string | null }> {
    if (!requestIds.length) return [];
    return this.db
      .select({ ext: extensionRequests, requestedByName: users.fullName })
      .from(extensionRequests)
      .leftJoin(users, eq(users.id, extensionRequests.requestedBy))
      .where(
        and(
          eq(extensionRequests.companyId, companyId),
          eq(extensionRequests.status, 'pending'),
          inArray(extensionRequests.originalRequestId, requestIds),
        ),
      )
      .all();
  }

  find(companyId: number, id: number): EquipmentRequestRow | undefined {
    return this.db
      .select()
      .from(equipmentRequests)
      .where(and(eq(equipmentRequests.companyId, companyId), eq(equipmentRequests.id, id)))
      .get();
  }

  insert(values: typeof equipmentRequests.$inferInsert): EquipmentRequestRow {
    return this.db.insert(equipmentRequests).values(values).returning().get();
  }

  /** Moves a request only if it is still in the status it was read in (a second guard behind the transaction). */
  move(companyId: number, id: number, from: string, patch: RequestPatch): EquipmentRequestRow | undefined {
    return this.db
      .update(equipmentRequests)
      .set(patch)
      .where(
        and(
          eq(equipmentRequests.companyId, companyId),
          eq(equipmentRequests.id, id),
          eq(equipmentRequests.status, from),
        ),
      )
      .returning()
      .get();
  }

  insertExtension(values: typeof extensionRequests.$inferInsert): ExtensionRequestRow {
    return this.db.insert(extensionRequests).values(values).returning().get();
  }

  updateExtension(id: number, patch: Partial<typeof extensionRequests.$inferInsert>): void {
    this.db.update(extensionRequests).set(patch).where(eq(extensionRequests.id, id)).run();
  }

  insertActivity(values: typeof equipmentActivities.$inferInsert): void {
    this.db.insert(equipmentActivities).values(values).run();
  }

  /**
   * Pending requests that repeat an earlier pending one (same item, same requester): all but the
   * oldest of each group. Returns the removed rows' ids and the kept ones.
   */
  deleteDuplicatePending(companyId: number): { removed: number[]; kept: number[] } {
    const pending = and(
      eq(equipmentRequests.companyId, companyId),
      eq(equipmentRequests.status, 'pending'),
      isNotNull(equipmentRequests.requestedBy),
    );
    const rows = this.db
      .select({
        id: equipmentRequests.id,
        equipmentId: equipmentRequests.equipmentId,
        requestedBy: equipmentRequests.requestedBy,
      })
      .from(equipmentRequests)
      .where(pending)
      .orderBy(equipmentRequests.requestedAt, equipmentRequests.id)
      .all();
    const first = new Map<string, number>();
    const removed: number[] = [];
    const kept = new Set<number>();
    for (const r of rows) {
      const key = `${r.equipmentId}:${r.requestedBy}`;
      const oldest = first.get(key);
      if (oldest === undefined) first.set(key, r.id);
      else {
        removed.push(r.id);
        kept.add(oldest);
      }
    }
    for (let i = 0; i < removed.length; i += 500) {
      this.db
        .delete(equipmentRequests)
        .where(
          and(eq(equipmentRequests.companyId, companyId), inArray(equipmentRequests.id, removed.slice(i, i + 500))),
        )
        .run();
    }
    return { removed, kept: [...kept] };
  }

  /** Loans whose unit is out of the building: checked out and not yet returned. */
  countOut(companyId: number): number {
    const row = this.db
      .select({ n: sql<number>`count(*)` })
      .from(equipmentRequests)
      .where(
        and(
          eq(equipmentRequests.companyId, companyId),
          or(
            eq(equipmentRequests.status, 'out'),
            and(
              inArray(equipmentRequests.status, ['return_requested', 'extension_pending']),
              isNotNull(equipmentRequests.checkedOutAt),
            ),
          ),
        ),
      )
      .get();
    return row?.n ?? 0;
  }
}
