import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { countAll, first } from '../../db/dialect';
import type { EquipmentRequestRow, ExtensionRequestRow } from '../../db/schema';
import { type Q, type Tables, Repo } from '../../db/store';

export type RequestPatch = Partial<Omit<Tables['equipmentRequests']['$inferInsert'], 'id' | 'companyId' | 'createdAt'>>;

/** SQL for loan requests, their extensions and the equipment activity trail; scoped by company. */
export class EquipmentRequestsRepo extends Repo {
  // The users table under other names, one per join (of the engine's own users table).
  private readonly requester;
  private readonly approver;

  constructor(db: Q) {
    super(db);
    this.requester = alias(this.t.users, 'requester');
    this.approver = alias(this.t.users, 'approver');
  }

  /** The company's requests (or one) with the people's and the item's names; newest first. */
  async list(companyId: number, id?: number) {
    const { equipment, equipmentRequests } = this.t;
    const { requester, approver } = this;
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
      .orderBy(desc(equipmentRequests.createdAt), desc(equipmentRequests.id));
  }

  /** The pending extension of each of these requests. */
  async pendingExtensions(companyId: number, requestIds: number[]): Promise<ExtensionRequestRow[]> {
    if (!requestIds.length) return [];
    const { extensionRequests } = this.t;
    return this.db
      .select()
      .from(extensionRequests)
      .where(
        and(
          eq(extensionRequests.companyId, companyId),
          eq(extensionRequests.status, 'pending'),
          inArray(extensionRequests.originalRequestId, requestIds),
        ),
      );
  }

  /** The pending extensions with the asker's name (the approver's view, issue 39). */
  async pendingExtensionsNamed(
    companyId: number,
    requestIds: number[],
  ): Promise<Array<{ ext: ExtensionRequestRow; requestedByName: string | null }>> {
    if (!requestIds.length) return [];
    const { extensionRequests, users } = this.t;
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
      );
  }

  async find(companyId: number, id: number): Promise<EquipmentRequestRow | undefined> {
    const { equipmentRequests } = this.t;
    return first(
      await this.db
        .select()
        .from(equipmentRequests)
        .where(and(eq(equipmentRequests.companyId, companyId), eq(equipmentRequests.id, id))),
    );
  }

  async insert(values: Tables['equipmentRequests']['$inferInsert']): Promise<EquipmentRequestRow> {
    return first(await this.db.insert(this.t.equipmentRequests).values(values).returning())!;
  }

  /** Moves a request only if it is still in the status it was read in (a second guard behind the write's lock). */
  async move(
    companyId: number,
    id: number,
    from: string,
    patch: RequestPatch,
  ): Promise<EquipmentRequestRow | undefined> {
    const { equipmentRequests } = this.t;
    return first(
      await this.db
        .update(equipmentRequests)
        .set(patch)
        .where(
          and(
            eq(equipmentRequests.companyId, companyId),
            eq(equipmentRequests.id, id),
            eq(equipmentRequests.status, from),
          ),
        )
        .returning(),
    );
  }

  async insertExtension(values: Tables['extensionRequests']['$inferInsert']): Promise<ExtensionRequestRow> {
    return first(await this.db.insert(this.t.extensionRequests).values(values).returning())!;
  }

  async updateExtension(id: number, patch: Partial<Tables['extensionRequests']['$inferInsert']>): Promise<void> {
    const { extensionRequests } = this.t;
    await this.db.update(extensionRequests).set(patch).where(eq(extensionRequests.id, id));
  }

  async insertActivity(values: Tables['equipmentActivities']['$inferInsert']): Promise<void> {
    await this.db.insert(this.t.equipmentActivities).values(values);
  }

  /**
   * Pending requests that repeat an earlier pending one (same item, same requester): all but the
   * oldest of each group. Returns the removed rows' ids and the kept ones.
   */
  async deleteDuplicatePending(companyId: number): Promise<{ removed: number[]; kept: number[] }> {
    const { equipmentRequests } = this.t;
    const pending = and(
      eq(equipmentRequests.companyId, companyId),
      eq(equipmentRequests.status, 'pending'),
      isNotNull(equipmentRequests.requestedBy),
    );
    const rows = await this.db
      .select({
        id: equipmentRequests.id,
        equipmentId: equipmentRequests.equipmentId,
        requestedBy: equipmentRequests.requestedBy,
      })
      .from(equipmentRequests)
      .where(pending)
      .orderBy(equipmentRequests.requestedAt, equipmentRequests.id);
    const oldestOf = new Map<string, number>();
    const removed: number[] = [];
    const kept = new Set<number>();
    for (const r of rows) {
      const key = `${r.equipmentId}:${r.requestedBy}`;
      const oldest = oldestOf.get(key);
      if (oldest === undefined) oldestOf.set(key, r.id);
      else {
        removed.push(r.id);
        kept.add(oldest);
      }
    }
    for (let i = 0; i < removed.length; i += 500) {
      await this.db
        .delete(equipmentRequests)
        .where(
          and(eq(equipmentRequests.companyId, companyId), inArray(equipmentRequests.id, removed.slice(i, i + 500))),
        );
    }
    return { removed, kept: [...kept] };
  }

  /** Loans whose unit is out of the building: checked out and not yet returned. */
  async countOut(companyId: number): Promise<number> {
    const { equipmentRequests } = this.t;
    const row = first(
      await this.db
        .select({ n: countAll() })
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
        ),
    );
    return row?.n ?? 0;
  }
}
