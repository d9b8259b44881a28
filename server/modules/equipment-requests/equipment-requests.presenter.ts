import type { EquipmentRequest, ExtensionRequest } from '../../../shared/contracts/equipment';
import type { ExtensionRequestRow } from '../../db/schema';
import type { EquipmentRequestsRepo } from './equipment-requests.repo';

type ListRow = Awaited<ReturnType<EquipmentRequestsRepo['list']>>[number];

/** A deleted user's username carries '#deleted-<id>' (to free the name); show the name they had. */
const shownUsername = (username: string | null) => username?.replace(/#deleted-\d+$/, '') ?? null;

export function presentExtension(row: ExtensionRequestRow, requestedByName: string | null = null): ExtensionRequest {
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
    requestedByName,
  };
}

/** A loan request as every client sees it, with names joined and the pending extension (if any). */
export function presentRequest(
  r: ListRow,
  extension: { ext: ExtensionRequestRow; requestedByName: string | null } | undefined,
): EquipmentRequest {
  const { row } = r;
  return {
    id: row.id,
    companyId: row.companyId,
    equipmentId: row.equipmentId,
    equipmentName: r.equipmentName,
    equipmentCode: r.equipmentCode,
    requestedBy: row.requestedBy,
    requestedByName: r.requestedByName,
    requestedByUsername: shownUsername(r.requestedByUsername),
    approvedBy: row.approvedBy,
    approvedByUsername: shownUsername(r.approvedByUsername),
    approvedByName: r.approvedByName,
    purpose: row.purpose,
    location: row.location,
    notes: row.notes,
    expectedReturnDate: row.expectedReturnDate,
    status: row.status as EquipmentRequest['status'],
    source: row.source as EquipmentRequest['source'],
    requestedAt: row.requestedAt,
    approvedAt: row.approvedAt,
    checkedOutAt: row.checkedOutAt,
    returnRequestedAt: row.returnRequestedAt,
    returnedAt: row.returnedAt,
    returnedBy: row.returnedBy,
    returnApprovedBy: row.returnApprovedBy,
    rejectionReason: row.rejectionReason,
    returnCondition: (row.returnCondition as EquipmentRequest['returnCondition']) ?? null,
    damageNote: row.damageNote,
    extension:
      row.status === 'extension_pending' && extension
        ? presentExtension(extension.ext, extension.requestedByName)
        : null,
    createdAt: row.createdAt,
  };
}
