import { and, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client';
import { companies, equipment, equipmentAlerts, equipmentRequests, extensionRequests, users } from '../../db/schema';

const borrower = alias(users, 'borrower');
const approver = alias(users, 'approver');

/** Loans the alerts care about: the item is (or is about to be) with someone. */
export const ACTIVE_LOAN_STATUSES = ['approved', 'out', 'extension_pending'] as const;

export type LoanRow = NonNullable<ReturnType<EquipmentAlertsRepo['loan']>>;

/** SQL of the alerts module (its own statements: the catalogue and requests modules are not used). */
export class EquipmentAlertsRepo {
  constructor(private readonly db: DbOrTx) {}

  companyIds(): number[] {
    return this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.isActive, true))
      .all()
      .map((r) => r.id);
  }

  private loanQuery() {
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
  activeLoans(companyId: number) {
    return this.loanQuery()
      .where(
        and(
          eq(equipmentRequests.companyId, companyId),
          inArray(equipmentRequests.status, [...ACTIVE_LOAN_STATUSES]),
          isNotNull(equipmentRequests.expectedReturnDate),
        ),
      )
      .all();
  }

  loan(companyId: number, requestId: number) {
    return this.loanQuery()
      .where(and(eq(equipmentRequests.companyId, companyId), eq(equipmentRequests.id, requestId)))
      .get();
  }

  pendingExtension(requestId: number) {
    return this.db
      .select()
      .from(extensionRequests)
      .where(and(eq(extensionRequests.originalRequestId, requestId), eq(extensionRequests.status, 'pending')))
      .orderBy(desc(extensionRequests.id))
      .get();
  }

  /** The newest alert of each kind per request: "already reminded?" is one lookup per run. */
  lastAlerts(companyId: number, requestIds: number[]): Map<string, string> {
    if (!requestIds.length) return new Map();
    const rows = this.db
      .select({
        requestId: equipmentAlerts.requestId,
        kind: equipmentAlerts.kind,
        at: sql<string>`max(${equipmentAlerts.createdAt})`,
      })
      .from(equipmentAlerts)
      .where(and(eq(equipmentAlerts.companyId, companyId), inArray(equipmentAlerts.requestId, requestIds)))
      .groupBy(equipmentAlerts.requestId, equipmentAlerts.kind)
      .all();
    return new Map(rows.map((r) => [alertKey(r.requestId ?? 0, r.kind), r.at]));
  }

  insertAlert(values: typeof equipmentAlerts.$inferInsert): number {
    return this.db.insert(equipmentAlerts).values(values).returning({ id: equipmentAlerts.id }).get().id;
  }

  setDelivery(id: number, delivery: string, reason: string | null): void {
    this.db.update(equipmentAlerts).set({ delivery, reason }).where(eq(equipmentAlerts.id, id)).run();
  }

  /* ---------- low stock: an open low_stock row means "alerted, not restocked since" ---------- */

  hasOpenLowStock(companyId: number, equipmentId: number): boolean {
    return !!this.db
      .select({ id: equipmentAlerts.id })
      .from(equipmentAlerts)
      .where(
        and(
          eq(equipmentAlerts.companyId, companyId),
          eq(equipmentAlerts.kind, 'low_stock'),
          eq(equipmentAlerts.equipmentId, equipmentId),
        ),
      )
      .get();
  }

  /** Restocked above the minimum: the next drop alerts again (history stays in the activity log). */
  closeLowStock(companyId: number, equipmentId: number): void {
    this.db
      .delete(equipmentAlerts)
      .where(
        and(
          eq(equipmentAlerts.companyId, companyId),
          eq(equipmentAlerts.kind, 'low_stock'),
          eq(equipmentAlerts.equipmentId, equipmentId),
        ),
      )
      .run();
  }

  /** Items at or below a set minimum (the sweep's backstop for changes no event announced). */
  lowItems(companyId: number) {
    return this.db
      .select()
      .from(equipment)
      .where(
        and(
          eq(equipment.companyId, companyId),
          gt(equipment.minStock, 0),
          lte(equipment.currentStock, equipment.minStock),
        ),
      )
      .all();
  }

  /** Items with an open low-stock alert that are above their minimum again. */
  restockedItemIds(companyId: number): number[] {
    return this.db
      .selectDistinct({ id: equipment.id })
      .from(equipmentAlerts)
      .innerJoin(equipment, eq(equipment.id, equipmentAlerts.equipmentId))
      .where(
        and(
          eq(equipmentAlerts.companyId, companyId),
          eq(equipmentAlerts.kind, 'low_stock'),
          sql`(${equipment.minStock} = 0 OR ${equipment.currentStock} > ${equipment.minStock})`,
        ),
      )
      .all()
      .map((r) => r.id);
  }

  equipmentById(companyId: number, id: number) {
    return this.db
      .select()
      .from(equipment)
      .where(and(eq(equipment.companyId, companyId), eq(equipment.id, id)))
      .get();
  }
}

export const alertKey = (requestId: number, kind: string) => `${requestId}:${kind}`;
