import {
  EQUIPMENT_ACTION_NEEDS,
  transition,
  type EquipmentRequestAction,
  type EquipmentRequestStatus,
  type TransitionResult,
} from '../../../shared/equipment-transitions';
import { can } from '../../../shared/roles';
import type { DbOrTx } from '../../db/client';
import type { EquipmentRequestRow, EquipmentRow } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import { putUnitBack, takeUnit } from '../equipment/equipment-stock';
import type { RequestPatch } from './equipment-requests.repo';

export type Who = Pick<Actor, 'companyId' | 'userId' | 'role' | 'roletype'>;

/** What one step writes besides the status: the request's fields, the log line, a stock move. */
export interface StepEffect {
  patch: RequestPatch;
  /** activity_logs action (spec 001 §3 names where it has them). */
  log: string;
  /** Past-tense words for the details line: 'Approved', 'Checked out', ... */
  verb: string;
  /** web_request = the borrower asks or acts; web_approval = an owner/admin decides. */
  kind: 'web_request' | 'web_approval';
  /** The item after a stock move (announced as equipment_updated). */
  item?: EquipmentRow;
}

/** One move of a request: who may make it, where it leads, and what it writes. */
export interface Step {
  need: 'approver' | 'participant';
  to(row: EquipmentRequestRow, tx: DbOrTx): TransitionResult;
  apply(tx: DbOrTx, row: EquipmentRequestRow, at: string, actor: Who): StepEffect;
}

export const isApprover = (actor: Who) => can(actor, 'equipmentRequests.approve');

/** The requester, an owner/admin, or the equipment staff (who hand units over at the store). */
export const isParticipant = (actor: Who, row: EquipmentRequestRow) =>
  row.requestedBy === actor.userId || isApprover(actor) || can(actor, 'equipment.manage');

export function authorize(actor: Who, need: Step['need'], row?: EquipmentRequestRow): void {
  if (need === 'approver' && !isApprover(actor)) throw forbidden('Only an owner or admin may do this');
  if (need === 'participant' && row && !isParticipant(actor, row)) throw forbidden('Only the requester, an owner or admin, or equipment staff may do this');
}

/** A unit goes back to the shelf only if this loan took one (Check Out set checkedOutAt). */
const giveBack = (tx: DbOrTx, row: EquipmentRequestRow, at: string) =>
  row.checkedOutAt ? putUnitBack(tx, row.companyId, row.equipmentId, at) : undefined;

type Effect = (tx: DbOrTx, row: EquipmentRequestRow, at: string, actor: Who) => StepEffect;

/** The table-driven steps (request_extension takes input and lives in the service). */
const EFFECTS: Record<Exclude<EquipmentRequestAction, 'request_extension'>, Effect> = {
  approve: (_tx, _row, at, a) => ({ patch: { approvedBy: a.userId, approvedAt: at }, log: 'equipment_request_approved', verb: 'Approved', kind: 'web_approval' }),
  reject: () => ({ patch: {}, log: 'equipment_request_rejected', verb: 'Rejected', kind: 'web_approval' }),
  check_out: (tx, row, at) => ({
    patch: { checkedOutAt: at },
    log: 'equipment_checked_out',
    verb: 'Checked out',
    kind: 'web_request',
    item: takeUnit(tx, row.companyId, row.equipmentId, at),
  }),
  request_return: (_tx, _row, at, a) => ({ patch: { returnRequestedAt: at, returnedBy: a.userId }, log: 'equipment_return_requested', verb: 'Asked to return', kind: 'web_request' }),
  approve_return: (tx, row, at, a) => ({
    patch: { returnedAt: at, returnApprovedBy: a.userId },
    log: 'equipment_returned',
    verb: 'Approved the return of',
    kind: 'web_approval',
    item: giveBack(tx, row, at),
  }),
  return: (tx, row, at, a) => ({
    patch: { returnedAt: at, returnedBy: row.returnedBy ?? a.userId, returnApprovedBy: a.userId },
    log: 'equipment_returned',
    verb: 'Returned',
    kind: 'web_approval',
    item: giveBack(tx, row, at),
  }),
};

/** The step for a table action: role from EQUIPMENT_ACTION_NEEDS, target from transition(). */
export function tableStep(action: Exclude<EquipmentRequestAction, 'request_extension'>): Step {
  return {
    need: EQUIPMENT_ACTION_NEEDS[action],
    to: (row) => transition(row.status as EquipmentRequestStatus, action),
    apply: EFFECTS[action],
  };
}
