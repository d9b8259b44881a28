import { decideExtension, transition, type EquipmentRequestStatus } from '../../../shared/equipment-transitions';
import { badRequest, conflict } from '../../lib/errors';
import { EquipmentRequestsRepo } from './equipment-requests.repo';
import type { Step } from './loan-steps';

export interface ExtensionAsk {
  newReturnDate: string;
  reason: string | null;
}

/**
 * POST /:id/extend: the loan waits in extension_pending with an extension record that remembers
 * where it came from (approved or out) — the decision sends it back there.
 */
export function askExtensionStep(input: ExtensionAsk): Step {
  return {
    need: 'participant',
    to: (row) => Promise.resolve(transition(row.status as EquipmentRequestStatus, 'request_extension')),
    apply: async (tx, row, at, actor) => {
      const wanted = new Date(input.newReturnDate);
      const current = row.expectedReturnDate ? new Date(row.expectedReturnDate) : new Date(at);
      if (wanted.getTime() <= current.getTime())
        throw badRequest('New return date must be after the current return date');
      await new EquipmentRequestsRepo(tx).insertExtension({
        companyId: row.companyId,
        originalRequestId: row.id,
        requestedBy: actor.userId,
        newReturnDate: wanted.toISOString(),
        // Minutes, like every other duration of the equipment alerts (reminder intervals).
        extensionDuration: Math.round((wanted.getTime() - current.getTime()) / 60_000),
        reason: input.reason,
        currentReturnDate: row.expectedReturnDate,
        previousStatus: row.status,
        requestedAt: at,
      });
      return {
        patch: {},
        log: 'equipment_extension_requested',
        verb: `Asked until ${wanted.toISOString()} for`,
        kind: 'web_request',
      };
    },
  };
}

export interface ExtensionDecision {
  approved: boolean;
  rejectionReason: string | null;
}

/** POST /api/equipment-extension/approve: owner/admin decide; the loan goes back to its previous status. */
export function decideExtensionStep(decision: ExtensionDecision): Step {
  return {
    need: 'approver',
    to: async (row, tx) => {
      const ext = (await new EquipmentRequestsRepo(tx).pendingExtensions(row.companyId, [row.id]))[0];
      const current = row.status as EquipmentRequestStatus;
      return decideExtension(current, (ext?.previousStatus ?? current) as EquipmentRequestStatus);
    },
    apply: async (tx, row, at, actor) => {
      const repo = new EquipmentRequestsRepo(tx);
      const ext = (await repo.pendingExtensions(row.companyId, [row.id]))[0];
      if (!ext) throw conflict('There is no pending extension for this request');
      if (decision.approved) {
        await repo.updateExtension(ext.id, { status: 'approved', approvedBy: actor.userId, approvedAt: at });
        return {
          patch: { expectedReturnDate: ext.newReturnDate },
          log: 'equipment_extension_approved',
          verb: 'Approved the extension of',
          kind: 'web_approval',
        };
      }
      await repo.updateExtension(ext.id, {
        status: 'rejected',
        rejectedAt: at,
        rejectionReason: decision.rejectionReason,
      });
      return {
        patch: {},
        log: 'equipment_extension_rejected',
        verb: 'Rejected the extension of',
        kind: 'web_approval',
      };
    },
  };
}
