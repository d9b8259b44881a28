import type { EquipmentRequest } from '@shared/contracts/equipment';
import { actionsFrom } from '@shared/equipment-transitions';
import { can, type Principal } from '@shared/roles';

/** One button on a request: what it is called and what it sends. */
export type RequestButton =
  | {
      kind: 'step';
      label: 'Approve' | 'Reject' | 'Check Out' | 'Return' | 'Approve Return';
      step: 'approve' | 'reject' | 'checkout' | 'return' | 'approve-return';
    }
  | { kind: 'remind'; label: 'Remind' }
  | { kind: 'ask-extension'; label: 'Request Extension' }
  | { kind: 'extension'; label: 'Approve Extension' | 'Reject Extension'; approved: boolean };

export interface Actor extends Principal {
  id: number;
}

/**
 * The buttons a request offers this user (docs/product.md §Screens and routes, §States), from the one transition table.
 * Approver-only actions are hidden from others (the server refuses them anyway). Check Out goes
 * to the requester, approvers and equipment staff (the server's participant rule); Return to
 * anyone (docs/product.md §Roles: a colleague may bring the camera back) once the unit is out — an approved
 * loan offers Check Out, never Return before it (issue 39). One Return button: the server
 * completes an approver's return and turns anyone else's into return_requested. Request
 * Extension: the loan's participants while it is approved or out (issue 39).
 */
export function requestButtons(request: EquipmentRequest, actor: Actor): RequestButton[] {
  const approver = can(actor, 'equipmentRequests.approve');
  const participant = approver || request.requestedBy === actor.id || can(actor, 'equipment.manage');
  const actions = actionsFrom(request.status);
  const buttons: RequestButton[] = [];
  if (approver && actions.includes('approve')) buttons.push({ kind: 'step', label: 'Approve', step: 'approve' });
  if (approver && actions.includes('reject')) buttons.push({ kind: 'step', label: 'Reject', step: 'reject' });
  if (participant && actions.includes('check_out'))
    buttons.push({ kind: 'step', label: 'Check Out', step: 'checkout' });
  if (actions.includes('request_return') && request.status === 'out')
    buttons.push({ kind: 'step', label: 'Return', step: 'return' });
  if (participant && actions.includes('request_extension'))
    buttons.push({ kind: 'ask-extension', label: 'Request Extension' });
  if (approver && actions.includes('approve_return'))
    buttons.push({ kind: 'step', label: 'Approve Return', step: 'approve-return' });
  if (approver && request.status === 'out') buttons.push({ kind: 'remind', label: 'Remind' });
  if (approver && request.status === 'extension_pending') {
    buttons.push(
      { kind: 'extension', label: 'Approve Extension', approved: true },
      { kind: 'extension', label: 'Reject Extension', approved: false },
    );
  }
  return buttons;
}

/** Past its expected return and still away: the date shows red. */
export function isOverdue(request: EquipmentRequest, now = Date.now()): boolean {
  if (!request.expectedReturnDate || !['approved', 'out', 'extension_pending'].includes(request.status)) return false;
  return Date.parse(request.expectedReturnDate) < now;
}
