import type { Equipment, EquipmentRequest, ExtensionRequest } from '../../../shared/contracts/equipment';
import type { EquipmentRow, ExtensionRequestRow } from '../../db/schema';
import type { LoanRow } from './equipment-alerts.repo';

/**
 * The alerts module's own presenters for the live events it sends (equipment_overdue carries a
 * request, equipment_low_stock an item). They follow shared/contracts/equipment.ts field by field;
 * the catalogue and requests modules have theirs, and the contract keeps the shapes equal.
 */

export function presentAlertEquipment(row: EquipmentRow): Equipment {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    code: row.code,
    description: row.description,
    category: row.category,
    condition: row.condition as Equipment['condition'],
    location: row.location,
    quantity: row.quantity,
    currentStock: row.currentStock,
    minStock: row.minStock,
    status: row.status as Equipment['status'],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

function presentExtension(row: ExtensionRequestRow): ExtensionRequest {
  return {
    id: row.id,
    originalRequestId: row.originalRequestId,
    requestedBy: row.requestedBy,
    approvedBy: row.approvedBy,
    newReturnDate: row.newReturnDate,
    extensionDuration: row.extensionDuration,
    reason: row.reason,
    currentReturnDate: row.currentReturnDate,
    status: row.status as ExtensionRequest['status'],
    requestedAt: row.requestedAt,
    approvedAt: row.approvedAt,
    rejectedAt: row.rejectedAt,
    rejectionReason: row.rejectionReason,
    requestedByName: null,
  };
}

export function presentAlertLoan(loan: LoanRow, extension: ExtensionRequestRow | undefined): EquipmentRequest {
  const r = loan.request;
  return {
    id: r.id,
    companyId: r.companyId,
    equipmentId: r.equipmentId,
    equipmentName: loan.equipmentName,
    equipmentCode: loan.equipmentCode,
    requestedBy: r.requestedBy,
    requestedByName: loan.requestedByName,
    requestedByUsername: loan.requestedByUsername,
    approvedBy: r.approvedBy,
    approvedByUsername: loan.approvedByUsername,
    approvedByName: loan.approvedByName,
    purpose: r.purpose,
    location: r.location,
    notes: r.notes,
    expectedReturnDate: r.expectedReturnDate,
    status: r.status as EquipmentRequest['status'],
    source: r.source as EquipmentRequest['source'],
    requestedAt: r.requestedAt,
    approvedAt: r.approvedAt,
    checkedOutAt: r.checkedOutAt,
    returnRequestedAt: r.returnRequestedAt,
    returnedAt: r.returnedAt,
    returnedBy: r.returnedBy,
    returnApprovedBy: r.returnApprovedBy,
    rejectionReason: r.rejectionReason,
    returnCondition: (r.returnCondition as EquipmentRequest['returnCondition']) ?? null,
    damageNote: r.damageNote,
    extension: r.status === 'extension_pending' && extension ? presentExtension(extension) : null,
    createdAt: r.createdAt,
  };
}

/** "Sony PXW-Z280 (CAM-001)": how activity entries and messages name an item. */
export const itemLabel = (name: string, code: string) => `${name} (${code})`;
