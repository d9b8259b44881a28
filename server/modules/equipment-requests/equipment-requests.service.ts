import type { z } from 'zod';
import { EQUIPMENT_DEFAULT_LOAN_HOURS } from '../../../shared/constants';
import {
  EXPECTED_RETURN_IN_PAST,
  type CheckIn,
  type CreatedEquipmentRequest,
  type EquipmentRequest,
  type MobileUserPermissions,
  type createEquipmentRequestSchema,
} from '../../../shared/contracts/equipment';
import type { EquipmentRequestAction } from '../../../shared/equipment-transitions';
import { can } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { Q } from '../../db/store';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { constraintConflict } from '../equipment/equipment-stock';
import { EquipmentRepo } from '../equipment/equipment.repo';
import { presentEquipment } from '../equipment/equipment.presenter';
import type { EquipmentService } from '../equipment/equipment.service';
import { UsersRepo } from '../users/users.repo';
import { askExtensionStep, decideExtensionStep, type ExtensionAsk, type ExtensionDecision } from './extension-steps';
import { EquipmentRequestsRepo } from './equipment-requests.repo';
import { presentRequest } from './equipment-requests.presenter';
import {
  authorize,
  isApprover,
  refuseUnloanable,
  tableStep,
  type Step,
  type StepEffect,
  type StepInput,
  type Who,
} from './loan-steps';
import { requestNumber } from '../../../shared/request-number';

export type CreateRequest = z.output<typeof createEquipmentRequestSchema>;
type LoggedRow = { id: number; equipmentId: number; source: string; status: string };
type TableAction = Exclude<EquipmentRequestAction, 'request_extension'>;

/**
 * Loan requests (docs/product.md §API): every move goes through shared/equipment-transitions.ts, writes
 * its activity_logs line and equipment_activities row in the same write as the change (and the
 * stock move, if any), and is announced after the commit.
 */
export class EquipmentRequestsService {
  constructor(
    readonly ctx: AppContext,
    readonly activity: ActivityLogsService,
    /** The catalogue (the mobile page reads it through /api/mobile/equipment). */
    readonly catalogue: EquipmentService,
  ) {}

  /** The company's requests, newest first, with names and pending extensions. */
  list(actor: Pick<Who, 'companyId'>): Promise<EquipmentRequest[]> {
    return this.read(actor.companyId);
  }

  async get(actor: Pick<Who, 'companyId'>, id: number): Promise<EquipmentRequest> {
    const dto = (await this.read(actor.companyId, id))[0];
    if (!dto) throw notFound('Equipment request');
    return dto;
  }

  /** The requests (newest first), each with its pending extension and the asker's name. */
  private read(companyId: number, id?: number): Promise<EquipmentRequest[]> {
    return this.ctx.store.read(async (q) => {
      const repo = new EquipmentRequestsRepo(q);
      const rows = await repo.list(companyId, id);
      const pendingExt = rows.filter((r) => r.row.status === 'extension_pending').map((r) => r.row.id);
      const named = await repo.pendingExtensionsNamed(companyId, pendingExt);
      const ext = new Map(named.map((e) => [e.ext.originalRequestId, e]));
      return rows.map((r) => presentRequest(r, ext.get(r.row.id)));
    });
  }

  /**
   * A new pending request by the caller for an item of the caller's company. Not for an item in
   * maintenance or out of service (409, read in the insert's write). A blank return date
   * becomes the default loan time and the answer says so (issue 39).
   */
  async create(
    actor: Who,
    input: CreateRequest,
    source: 'web' | 'mobile' | 'telegram' = 'web',
  ): Promise<CreatedEquipmentRequest> {
    const at = this.ctx.clock.now();
    const due = input.expectedReturnDate
      ? new Date(input.expectedReturnDate)
      : new Date(at.getTime() + EQUIPMENT_DEFAULT_LOAN_HOURS * 3_600_000);
    // Checked against the server's clock: a loan due before it was asked for is overdue at birth.
    if (due.getTime() < at.getTime())
      throw badRequest(EXPECTED_RETURN_IN_PAST, [{ path: 'expectedReturnDate', message: EXPECTED_RETURN_IN_PAST }]);
    const id = await this.ctx.store.write(actor.companyId, async (tx) => {
      const item = await new EquipmentRepo(tx).find(actor.companyId, input.equipmentId);
      if (!item) throw notFound('Equipment');
      refuseUnloanable(item, 'requested');
      const iso = at.toISOString();
      const row = await new EquipmentRequestsRepo(tx).insert({
        companyId: actor.companyId,
        equipmentId: item.id,
        requestedBy: actor.userId,
        purpose: input.purpose,
        notes: input.notes,
        location: input.location,
        expectedReturnDate: due.toISOString(),
        status: 'pending',
        source,
        requestedAt: iso,
        createdAt: iso,
        updatedAt: iso,
      });
      await this.log(
        tx,
        actor,
        row,
        { log: 'equipment_requested', verb: 'Requested', kind: 'web_request', patch: {} },
        item.name,
        iso,
      );
      return row.id;
    });
    const dto = await this.get(actor, id);
    this.ctx.bus.publish(actor.companyId, 'equipment_requested', dto);
    const defaulted = !input.expectedReturnDate;
    const notice = defaulted
      ? `No return date given: due back ${due.toISOString().slice(0, 16).replace('T', ' ')} UTC (${EQUIPMENT_DEFAULT_LOAN_HOURS} h after the request)`
      : null;
    return { ...dto, returnDateDefaulted: defaulted, notice };
  }

  /** approve, reject (with the reason the borrower is told), check_out, request_return, approve_return, return (with the check-in). */
  act(actor: Who, id: number, action: TableAction, input: StepInput = {}): Promise<EquipmentRequest> {
    return this.move(actor, id, tableStep(action, input));
  }

  /** Return: owner/admin take it back at once; anyone else asks (returns need admin approval). */
  returnLoan(actor: Who, id: number, checkIn?: CheckIn): Promise<EquipmentRequest> {
    return this.act(actor, id, isApprover(actor) ? 'return' : 'request_return', { checkIn });
  }

  extend(actor: Who, id: number, input: ExtensionAsk): Promise<EquipmentRequest> {
    return this.move(actor, id, askExtensionStep(input));
  }

  decideExtension(actor: Who, id: number, decision: ExtensionDecision): Promise<EquipmentRequest> {
    return this.move(actor, id, decideExtensionStep(decision));
  }

  /**
   * One move: role (403) → the request of the caller's company (404) → the state machine (409)
   * → writes, all in one write body: a station's writes run one at a time (db/store.ts), so
   * parallel moves of one request or one item run one after the other and the loser reads the
   * winner's status (a request approved twice, the last unit of stock).
   */
  private async move(actor: Who, id: number, step: Step): Promise<EquipmentRequest> {
    if (step.need === 'approver') authorize(actor, 'approver');
    let result: StepEffect;
    try {
      result = await this.ctx.store.write(actor.companyId, async (tx) => {
        const repo = new EquipmentRequestsRepo(tx);
        const row = await repo.find(actor.companyId, id);
        if (!row) throw notFound('Equipment request');
        authorize(actor, step.need, row);
        const next = await step.to(row, tx);
        if (!next.ok) throw conflict(next.message);
        const at = this.ctx.clock.now().toISOString();
        const effect = await step.apply(tx, row, at, actor);
        const moved = await repo.move(actor.companyId, id, row.status, {
          ...effect.patch,
          status: next.to,
          updatedAt: at,
        });
        if (!moved) throw conflict('This request changed meanwhile; reload and try again');
        const name =
          effect.item?.name ??
          (await new EquipmentRepo(tx).find(actor.companyId, row.equipmentId))?.name ??
          `#${row.equipmentId}`;
        await this.log(tx, actor, moved, effect, name, at, row.status);
        return effect;
      });
    } catch (err) {
      throw constraintConflict(err, 'The stock must stay between 0 and the quantity; reload and try again');
    }
    const dto = await this.get(actor, id);
    this.ctx.bus.publish(actor.companyId, 'equipment_request_updated', dto);
    if (result.item) this.catalogue.announce(actor.companyId, presentEquipment(result.item));
    return dto;
  }

  /** The activity log line and the equipment activity row, in the caller's write. */
  private async log(
    tx: Q,
    actor: Who,
    row: LoggedRow,
    effect: StepEffect,
    itemName: string,
    at: string,
    from?: string,
  ): Promise<void> {
    const details = `${effect.verb} request ${requestNumber(row.id)} for "${itemName}"`;
    await this.activity.record(actor, effect.log, details, tx);
    await new EquipmentRequestsRepo(tx).insertActivity({
      companyId: actor.companyId,
      type: effect.kind,
      userId: actor.userId,
      equipmentId: row.equipmentId,
      requestId: row.id,
      action: effect.log,
      details,
      metadata: { source: row.source, from: from ?? null, to: row.status },
      timestamp: at,
    });
  }

  /** Keeps the oldest of each group of pending requests by one person for one item. */
  async cleanupDuplicates(actor: Who): Promise<{ duplicatesRemoved: number }> {
    authorize(actor, 'approver');
    const { removed, kept } = await this.ctx.store.write(actor.companyId, async (tx) => {
      const out = await new EquipmentRequestsRepo(tx).deleteDuplicatePending(actor.companyId);
      if (out.removed.length)
        await this.activity.record(
          actor,
          'equipment_requests_cleaned',
          `Removed ${out.removed.length} duplicate pending requests`,
          tx,
        );
      return out;
    });
    // No "request deleted" event exists: announcing each kept request makes clients refetch the list.
    for (const id of kept)
      this.ctx.bus.publish(actor.companyId, 'equipment_request_updated', await this.get(actor, id));
    return { duplicatesRemoved: removed.length };
  }

  /** Dashboard tile: loans whose unit is out of the building. */
  countOut(companyId: number): Promise<number> {
    return this.ctx.store.read((q) => new EquipmentRequestsRepo(q).countOut(companyId));
  }

  /**
   * The mobile page's permissions call (spec: fixed user id 1 — a defect). Answered for the
   * caller ('me' or their own id); another user's only for an owner/admin of the same company.
   */
  async permissionsOf(actor: Who, target: number | 'me'): Promise<MobileUserPermissions> {
    if (target === 'me' || target === actor.userId) return { role: actor.role, canAccessCg: can(actor, 'cg.write') };
    if (!can(actor, 'users.manage')) throw forbidden('You may only read your own permissions');
    const user = await this.ctx.store.read((q) => new UsersRepo(q).findById(actor.companyId, target));
    if (!user) throw notFound('User');
    const principal = { role: user.role as Who['role'], roletype: user.roletype as Who['roletype'] };
    return { role: user.role, canAccessCg: can(principal, 'cg.write') };
  }
}
