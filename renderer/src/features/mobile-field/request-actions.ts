import type { EquipmentRequest } from '@shared/contracts/equipment';
import { actionsFrom } from '@shared/equipment-transitions';

/** The URL segment of each action on PUT /api/equipment-requests/:id/<action>. */
export type MobileAction = 'approve' | 'checkout' | 'return' | 'approve-return' | 'extend';

export interface MobileViewer {
  id: number;
  /** The role the permissions call answered (docs/product.md §Roles: approvals follow it). */
  role: string | undefined;
}

export const MOBILE_ACTION_LABELS: Record<MobileAction, string> = {
  approve: 'Approve',
  checkout: 'Check Out',
  return: 'Return',
  'approve-return': 'Approve Return',
  extend: 'Request Extension',
};

export function isApprover(role: string | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** Who the server lets move a loan along (check out, return): the requester, owner/admin, equipment staff. */
function isParticipant(request: Pick<EquipmentRequest, 'requestedBy'>, viewer: MobileViewer): boolean {
  return request.requestedBy === viewer.id || isApprover(viewer.role) || viewer.role === 'technical';
}

/**
 * The buttons a request card offers (docs/product.md §States mobile flow + the Check Out). Statuses
 * come from the one state machine. Approve and Approve Return: owner/admin (docs/product.md §Roles). Return
 * is offered to anyone (docs/product.md §Roles; the server agrees: a colleague may bring the unit back, an
 * admin approves it); Check Out to the loan's participants only, as the server allows.
 */
export function mobileActions(
  request: Pick<EquipmentRequest, 'status' | 'requestedBy'>,
  viewer: MobileViewer,
): MobileAction[] {
  const allowed = new Set(actionsFrom(request.status));
  const approver = isApprover(viewer.role);
  const participant = isParticipant(request, viewer);
  const out: MobileAction[] = [];
  if (allowed.has('approve') && approver) out.push('approve');
  if (allowed.has('check_out') && participant) out.push('checkout');
  // Issue 39: Return once the unit is out (an approved loan offers Check Out first).
  if (allowed.has('request_return') && request.status === 'out') out.push('return');
  if (allowed.has('request_extension') && participant) out.push('extend');
  if (allowed.has('approve_return') && approver) out.push('approve-return');
  return out;
}

/** A request the viewer holds now: the QR item page offers Return for it. */
export function isOpenLoanOf(request: Pick<EquipmentRequest, 'status' | 'requestedBy'>, viewerId: number): boolean {
  return request.requestedBy === viewerId && (request.status === 'approved' || request.status === 'out');
}
