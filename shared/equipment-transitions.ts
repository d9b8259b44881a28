import type { EQUIPMENT_REQUEST_STATUSES } from './constants';

export type EquipmentRequestStatus = (typeof EQUIPMENT_REQUEST_STATUSES)[number];

/**
 * Every way a loan request moves (docs/product.md §States; issue 12). One table, used by every path — web,
 * mobile, chat bot — so no path can invent its own transition.
 */
export const EQUIPMENT_REQUEST_ACTIONS = {
  /** pending → approved (owner/admin). */
  approve: { from: ['pending'], to: 'approved', label: 'approved' },
  /** pending → rejected (owner/admin). */
  reject: { from: ['pending'], to: 'rejected', label: 'rejected' },
  /** approved → out: the unit leaves the shelf (stock −1). */
  check_out: { from: ['approved'], to: 'out', label: 'checked out' },
  /** approved | out → return_requested (any user of the loan); the admin then approves it. */
  request_return: { from: ['approved', 'out'], to: 'return_requested', label: 'returned (awaiting approval)' },
  /** return_requested → returned (owner/admin): the unit is back on the shelf (stock +1 if it left). */
  approve_return: { from: ['return_requested'], to: 'returned', label: 'returned' },
  /** out | approved → returned at once (owner/admin take the unit back themselves). */
  return: { from: ['out', 'approved', 'return_requested'], to: 'returned', label: 'returned' },
  /** approved | out → extension_pending with an extension request record. */
  request_extension: { from: ['approved', 'out'], to: 'extension_pending', label: 'sent for extension' },
} as const satisfies Record<
  string,
  { from: readonly EquipmentRequestStatus[]; to: EquipmentRequestStatus; label: string }
>;

export type EquipmentRequestAction = keyof typeof EQUIPMENT_REQUEST_ACTIONS;

/**
 * What an action needs to be allowed beyond the status (the server checks the actor): approver =
 * owner/admin; participant = the requester, an approver or equipment staff; anyone = any user of
 * the station (docs/product.md §Roles: "Return is offered to anyone for approved requests" — a colleague may
 * bring the camera back; the return still waits for an admin).
 */
export type EquipmentActionNeed = 'approver' | 'participant' | 'anyone';
export const EQUIPMENT_ACTION_NEEDS: Record<EquipmentRequestAction, EquipmentActionNeed> = {
  approve: 'approver',
  reject: 'approver',
  check_out: 'participant',
  request_return: 'anyone',
  approve_return: 'approver',
  return: 'approver',
  request_extension: 'participant',
};

const STATUS_WORDS: Record<EquipmentRequestStatus, string> = {
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
  out: 'checked out',
  returned: 'returned',
  return_requested: 'awaiting return approval',
  extension_pending: 'awaiting an extension decision',
};

export type TransitionResult = { ok: true; to: EquipmentRequestStatus } | { ok: false; message: string };

/** The next status, or the reason it cannot happen (the server answers 409 with it). */
export function transition(current: EquipmentRequestStatus, action: EquipmentRequestAction): TransitionResult {
  const rule = EQUIPMENT_REQUEST_ACTIONS[action];
  if ((rule.from as readonly EquipmentRequestStatus[]).includes(current)) return { ok: true, to: rule.to };
  return { ok: false, message: `This request cannot be ${rule.label}: it is ${STATUS_WORDS[current]}` };
}

/** The actions a request offers now (the UI shows their buttons; the server still decides). */
export function actionsFrom(current: EquipmentRequestStatus): EquipmentRequestAction[] {
  return (Object.keys(EQUIPMENT_REQUEST_ACTIONS) as EquipmentRequestAction[]).filter((a) =>
    (EQUIPMENT_REQUEST_ACTIONS[a].from as readonly EquipmentRequestStatus[]).includes(current),
  );
}

/**
 * The extension decision (not a table row: the loan goes back to where it was). Approved: the
 * loan gets the new return date; rejected: it keeps the old one. Either way it leaves
 * extension_pending for its previous status (out or approved).
 */
export function decideExtension(current: EquipmentRequestStatus, previous: EquipmentRequestStatus): TransitionResult {
  if (current !== 'extension_pending')
    return { ok: false, message: `There is no extension to decide: the request is ${STATUS_WORDS[current]}` };
  return { ok: true, to: previous };
}

/** A user-facing word for a status (badges, messages). */
export function requestStatusWord(status: EquipmentRequestStatus): string {
  return STATUS_WORDS[status];
}
