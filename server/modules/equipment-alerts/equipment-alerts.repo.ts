import { and, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { first } from '../../db/dialect';
import { type Q, type Tables, Repo } from '../../db/store';

/** Loans the alerts care about: the item is (or is about to be) with someone. */
export const ACTIVE_LOAN_STATUSES = ['approved', 'out', 'extension_pending'] as const;

export type LoanRow = NonNullable<Awaited<ReturnType<EquipmentAlertsRepo['loan']>>>;

/** SQL of the alerts module (its own statements: the catalogue and requests modules are not used). */
export class EquipmentAlertsRepo extends Repo {
  // The users table under other names, one per join (of the engine's own users table).
  private readonly borrower;
  private readonly approver;

  constructor(db: Q) {
    super(db);
    this.borrower = alias(this.t.users, 'borrower');
    this.approver = alias(this.t.users, 'approver');
  }

  async companyIds(): Promise<number[]> {
    const { companies } = this.t;
    const rows = await this.db.select({ id: companies.id }).from(companies).where(eq(companies.isActive, true));
    return rows.map((r) => r.id);
  }

  private loanQuery() {
    const { equipment, equipmentRequests } = this.t;
    const { borrower, approver } = this;
    return this.db
      .select({
        request: equipmentRequests,
        equipmentName: equipment.name,
        equipmentCode: equipment.code,
        requestedByName: borrower.fullName,
        requestedByUsername: borrower.username,
        approvedByUsername: approver.username,
        approvedByName: approver.fullName,
      })
      .from(equipmentRequests)
      .innerJoin(equipment, eq(equipment.id, equipmentRequests.equipmentId))
      .leftJoin(borrower, eq(borrower.id, equipmentRequests.requestedBy))
      .leftJoin(approver, eq(approver.id, equipmentRequests.approvedBy));
  }

  /** A company's active loans with a return date (the status index keeps this off the history). */
  async activeLoans(companyId: number) {
    const { equipmentRequests } = this.t;
    return this.loanQuery().where(
      and(
        eq(equipmentRequests.companyId, companyId),
        inArray(equipmentRequests.status, [...ACTIVE_LOAN_STATUSES]),
        isNotNull(equipmentRequests.expectedReturnDate),
      ),
    );
  }

  async loan(companyId: number, requestId: number) {
    const { equipmentRequests } = this.t;
    return first(
      await this.loanQuery().where(
        and(eq(equipmentRequests.companyId, companyId), eq(equipmentRequests.id, requestId)),
      ),
    );
  }

  async pendingExtension(requestId: number) {
    const { extensionRequests } = this.t;
    return first(
      await this.db
        .select()
        .from(extensionRequests)
        .where(and(eq(extensionRequests.originalRequestId, requestId), eq(extensionRequests.status, 'pending')))
        .orderBy(desc(extensionRequests.id))
        .limit(1),
    );
  }

  /** The newest alert of each kind per request: "already reminded?" is one lookup per run. */
  async lastAlerts(companyId: number, requestIds: number[]): Promise<Map<string, string>> {
    if (!requestIds.length) return new Map();
    const { equipmentAlerts } = this.t;
    const rows = await this.db
      .select({
        requestId: equipmentAlerts.requestId,
        kind: equipmentAlerts.kind,
        at: sql<string>`max(${equipmentAlerts.createdAt})`,
      })
      .from(equipmentAlerts)
      .where(and(eq(equipmentAlerts.companyId, companyId), inArray(equipmentAlerts.requestId, requestIds)))
      .groupBy(equipmentAlerts.requestId, equipmentAlerts.kind);
    return new Map(rows.map((r) => [alertKey(r.requestId ?? 0, r.kind), r.at]));
  }

  async insertAlert(values: Tables['equipmentAlerts']['$inferInsert']): Promise<number> {
    const { equipmentAlerts } = this.t;
    return first(await this.db.insert(equipmentAlerts).values(values).returning({ id: equipmentAlerts.id }))!.id;
  }

  async setDelivery(id: number, delivery: string, reason: string | null): Promise<void> {
    const { equipmentAlerts } = this.t;
    await this.db.update(equipmentAlerts).set({ delivery, reason }).where(eq(equipmentAlerts.id, id));
  }

  /* ---------- low stock: an open low_stock row means "alerted, not restocked since" ---------- */

  async hasOpenLowStock(companyId: number, equipmentId: number): Promise<boolean> {
    const { equipmentAlerts } = this.t;
    const row = first(
      await this.db
        .select({ id: equipmentAlerts.id })
        .from(equipmentAlerts)
        .where(
          and(
            eq(equipmentAlerts.companyId, companyId),
            eq(equipmentAlerts.kind, 'low_stock'),
            eq(equipmentAlerts.equipmentId, equipmentId),
          ),
        )
        .limit(1),
    );
    return !!row;
  }

  /** Restocked above the minimum: the next drop alerts again (history stays in the activity log). */
  async closeLowStock(companyId: number, equipmentId: number): Promise<void> {
    const { equipmentAlerts } = this.t;
    await this.db
      .delete(equipmentAlerts)
      .where(
        and(
          eq(equipmentAlerts.companyId, companyId),
          eq(equipmentAlerts.kind, 'low_stock'),
          eq(equipmentAlerts.equipmentId, equipmentId),
        ),
      );
  }

  /** Items at or below a set minimum (the sweep's backstop for changes no event announced). */
  async lowItems(companyId: number) {
    const { equipment } = this.t;
    return this.db
      .select()
      .from(equipment)
      .where(
        and(
          eq(equipment.companyId, companyId),
          gt(equipment.minStock, 0),
          lte(equipment.currentStock, equipment.minStock),
        ),
      );
  }

  /** Items with an open low-stock alert that are above their minimum again. */
  async restockedItemIds(companyId: number): Promise<number[]> {
    const { equipment, equipmentAlerts } = this.t;
    const rows = await this.db
      .selectDistinct({ id: equipment.id })
      .from(equipmentAlerts)
      .innerJoin(equipment, eq(equipment.id, equipmentAlerts.equipmentId))
      .where(
        and(
          eq(equipmentAlerts.companyId, companyId),
          eq(equipmentAlerts.kind, 'low_stock'),
          sql`(${equipment.minStock} = 0 OR ${equipment.currentStock} > ${equipment.minStock})`,
        ),
      );
    return rows.map((r) => r.id);
  }

  async equipmentById(companyId: number, id: number) {
    const { equipment } = this.t;
    return first(
      await this.db
        .select()
        .from(equipment)
        .where(and(eq(equipment.companyId, companyId), eq(equipment.id, id))),
    );
  }
}

export const alertKey = (requestId: number, kind: string) => `${requestId}:${kind}`;
