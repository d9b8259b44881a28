import {
  EQUIPMENT_ACTION_NEEDS,
  type EquipmentActionNeed,
  transition,
  type EquipmentRequestAction,
  type EquipmentRequestStatus,
  type TransitionResult,
} from '../../../shared/equipment-transitions';
import { EQUIPMENT_UNLOANABLE_STATUSES } from '../../../shared/constants';
import type { CheckIn } from '../../../shared/contracts/equipment';
import { can } from '../../../shared/roles';
import type { EquipmentRequestRow, EquipmentRow } from '../../db/schema';
import type { Q } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { conflict, forbidden } from '../../lib/errors';
import { putUnitBack, takeUnit } from '../equipment/equipment-stock';
import { EquipmentRepo } from '../equipment/equipment.repo';
import type { RequestPatch } from './equipment-requests.repo';

export type Who = Pick<Actor, 'companyId' | 'userId' | 'role' | 'roletype'>;

/** What one step writes besides the status: the request's fields, the log line, a stock move. */
export interface StepEffect {
  patch: RequestPatch;
  /** activity_logs action (docs/product.md §Data names where it has them). */
  log: string;
  /** Past-tense words for the details line: 'Approved', 'Checked out', ... */
  verb: string;
  /** web_request = the borrower asks or acts; web_approval = an owner/admin decides. */
  kind: 'web_request' | 'web_approval';
  /** The item after a stock move (announced as equipment_updated). */
  item?: EquipmentRow;
}

/** One move of a request: who may make it, where it leads, and what it writes (both inside the move's write body). */
export interface Step {
  need: EquipmentActionNeed;
  to(row: EquipmentRequestRow, tx: Q): Promise<TransitionResult>;
  apply(tx: Q, row: EquipmentRequestRow, at: string, actor: Who): Promise<StepEffect>;
}

export const isApprover = (actor: Who) => can(actor, 'equipmentRequests.approve');

/** The requester, an owner/admin, or the equipment staff (who hand units over at the store). */
export const isParticipant = (actor: Who, row: EquipmentRequestRow) =>
  row.requestedBy === actor.userId || isApprover(actor) || can(actor, 'equipment.manage');

export function authorize(actor: Who, need: Step['need'], row?: EquipmentRequestRow): void {
  if (need === 'approver' && !isApprover(actor)) throw forbidden('Only an owner or admin may do this');
  if (need === 'participant' && row && !isParticipant(actor, row))
    throw forbidden('Only the requester, an owner or admin, or equipment staff may do this');
}

/** What a step may carry besides the action (issue 39): the reject reason, the check-in. */
export interface StepInput {
  reason?: string | null;
  checkIn?: CheckIn;
}

const UNLOANABLE_WORDS: Record<string, string> = { maintenance: 'in maintenance', out_of_service: 'out of service' };

/**
 * An item a person set to maintenance or out of service is not lent (issue 39): the request and
 * the approval are refused (409) — read inside the write's body, so a status change that commits
 * first is always seen.
 */
export function refuseUnloanable(
  item: Pick<EquipmentRow, 'name' | 'status'>,
  what: 'requested' | 'approved for a loan',
): void {
  if ((EQUIPMENT_UNLOANABLE_STATUSES as readonly string[]).includes(item.status)) {
    throw conflict(`${item.name} is ${UNLOANABLE_WORDS[item.status] ?? item.status} and cannot be ${what}`);
  }
}

/**
 * The loan ends: a unit goes back to the shelf only if this loan took one (Check Out set
 * checkedOutAt); a check-in condition becomes the item's condition (issue 39).
 */
async function giveBack(
  tx: Q,
  row: EquipmentRequestRow,
  at: string,
  condition: string | null,
): Promise<EquipmentRow | undefined> {
  const item = row.checkedOutAt ? await putUnitBack(tx, row.companyId, row.equipmentId, at) : undefined;
  if (!condition) return item;
  const current = item ?? (await new EquipmentRepo(tx).find(row.companyId, row.equipmentId));
  if (!current || current.condition === condition) return item;
  return (
    (await new EquipmentRepo(tx).update(row.companyId, row.equipmentId, {
      condition,
      updatedAt: at,
      updatedBy: null,
    })) ?? item
  );
}

/** The check-in's fields: what this step was given, else what the borrower said on Return. */
const checkInPatch = (row: EquipmentRequestRow, input: StepInput) => ({
  returnCondition: input.checkIn?.condition ?? row.returnCondition,
  damageNote: input.checkIn?.damageNote ?? row.damageNote,
});

type Effect = (tx: Q, row: EquipmentRequestRow, at: string, actor: Who, input: StepInput) => Promise<StepEffect>;

/** The table-driven steps (request_extension takes input and lives in the service). */
const EFFECTS: Record<Exclude<EquipmentRequestAction, 'request_extension'>, Effect> = {
  approve: async (tx, row, at, a) => {
    const item = await new EquipmentRepo(tx).find(row.companyId, row.equipmentId);
    if (item) refuseUnloanable(item, 'approved for a loan');
    return {
      patch: { approvedBy: a.userId, approvedAt: at },
      log: 'equipment_request_approved',
      verb: 'Approved',
      kind: 'web_approval',
    };
  },
  reject: (_tx, _row, _at, _a, input) =>
    Promise.resolve({
      patch: { rejectionReason: input.reason ?? null },
      log: 'equipment_request_rejected',
      verb: 'Rejected',
      kind: 'web_approval',
    }),
  check_out: async (tx, row, at) => ({
    patch: { checkedOutAt: at },
    log: 'equipment_checked_out',
    verb: 'Checked out',
    kind: 'web_request',
    item: await takeUnit(tx, row.companyId, row.equipmentId, at),
  }),
  request_return: (_tx, row, at, a, input) =>
    Promise.resolve({
      patch: { returnRequestedAt: at, returnedBy: a.userId, ...checkInPatch(row, input) },
      log: 'equipment_return_requested',
      verb: 'Asked to return',
      kind: 'web_request',
    }),
  approve_return: async (tx, row, at, a, input) => {
    const checkIn = checkInPatch(row, input);
    return {
      patch: { returnedAt: at, returnApprovedBy: a.userId, ...checkIn },
      log: 'equipment_returned',
      verb: 'Approved the return of',
      kind: 'web_approval',
      item: await giveBack(tx, row, at, checkIn.returnCondition),
    };
  },
  return: async (tx, row, at, a, input) => {
    const checkIn = checkInPatch(row, input);
    return {
      patch: { returnedAt: at, returnedBy: row.returnedBy ?? a.userId, returnApprovedBy: a.userId, ...checkIn },
      log: 'equipment_returned',
      verb: 'Returned',
      kind: 'web_approval',
      item: await giveBack(tx, row, at, checkIn.returnCondition),
    };
  },
};

/** The step for a table action: role from EQUIPMENT_ACTION_NEEDS, target from transition(). */
export function tableStep(action: Exclude<EquipmentRequestAction, 'request_extension'>, input: StepInput = {}): Step {
  return {
    need: EQUIPMENT_ACTION_NEEDS[action],
    to: (row) => Promise.resolve(transition(row.status as EquipmentRequestStatus, action)),
    apply: (tx, row, at, actor) => EFFECTS[action](tx, row, at, actor, input),
  };
}
