import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { EquipmentRequest } from '@shared/contracts/equipment';
import { can } from '@shared/roles';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useDecideExtension, useRequestStep, type RequestStep } from '@/lib/api/equipment/equipment-requests';
import { requestButtons, type Actor, type RequestButton } from '@/lib/equipment/request-buttons';
import { LoanDialogs, type LoanDialog } from '@/components/equipment/loan-dialogs';

const RETURN_APPROVED = ['Return Approved', 'Equipment return approved and equipment is now available'] as const;

/** Spec 001 §8's success texts where it gives them; plain words for the rest. */
function stepToast(step: RequestStep, saved: EquipmentRequest): void {
  const item = saved.equipmentName ?? 'Equipment';
  if (step === 'approve')
    toastSuccess(`${item} approved for ${saved.requestedByName ?? 'the requester'}`, 'Request Approved');
  else if (step === 'reject') toastSuccess(`${item} request rejected`, 'Request Rejected');
  else if (step === 'checkout') toastSuccess(`${item} checked out`, 'Checked Out');
  else if (saved.status === 'return_requested')
    toastSuccess('An approver will confirm the return', 'Return Request Sent');
  else toastSuccess(RETURN_APPROVED[1], RETURN_APPROVED[0]);
}

const COLORS: Record<RequestButton['label'], string> = {
  Approve: 'green',
  Reject: 'red',
  'Check Out': 'blue',
  Return: 'grape',
  'Approve Return': 'green',
  Remind: 'orange',
  'Request Extension': 'cyan',
  'Approve Extension': 'green',
  'Reject Extension': 'red',
};

interface Props {
  request: EquipmentRequest;
  actor: Actor;
  onRemind: (request: EquipmentRequest) => void;
}

/**
 * The request's buttons. Each row has its own mutations, so one request in flight disables only
 * its own buttons (and a double-click sends once), while the desk works on other rows.
 */
export function RequestActions({ request, actor, onRemind }: Props) {
  const step = useRequestStep();
  const extension = useDecideExtension();
  const [dialog, setDialog] = useState<LoanDialog | null>(null);
  const busy = step.isPending || extension.isPending;
  const approver = can(actor, 'equipmentRequests.approve');
  const buttons = requestButtons(request, actor);
  if (!buttons.length && !dialog) return null;

  const run = (b: RequestButton) => {
    if (b.kind === 'remind') return onRemind(request);
    // Issue 39: Reject asks the reason, an approver's check-in (Return, Approve Return) the
    // condition and any damage, an extension the date and why. A borrower's Return just asks.
    if (b.kind === 'ask-extension') return setDialog('extend');
    if (b.kind === 'extension' && !b.approved) return setDialog('refuse-extension');
    if (b.kind === 'step' && (b.step === 'reject' || b.step === 'approve-return' || (b.step === 'return' && approver)))
      return setDialog(b.step);
    if (b.kind === 'extension') {
      return extension.mutate(
        { requestId: request.id, approved: b.approved },
        {
          onSuccess: () =>
            toastSuccess(
              b.approved ? 'The new return date applies' : 'The loan keeps its return date',
              b.approved ? 'Extension Approved' : 'Extension Rejected',
            ),
          onError: (e) => toastFailure('Error', e, 'Failed to process extension request'),
        },
      );
    }
    step.mutate(
      { id: request.id, step: b.step },
      {
        onSuccess: (saved) => stepToast(b.step, saved),
        onError: (e) => toastFailure('Error', e, 'Failed to update request'),
      },
    );
  };

  const pendingLabel = (b: RequestButton) =>
    (b.kind === 'step' && step.isPending && step.variables.step === b.step) ||
    (b.kind === 'extension' && extension.isPending && extension.variables.approved === b.approved);

  return (
    <Group gap={6} wrap="wrap">
      {buttons.map((b) => (
        <Button
          key={b.label}
          size="compact-sm"
          variant="light"
          color={COLORS[b.label]}
          disabled={busy && !pendingLabel(b)}
          loading={pendingLabel(b)}
          onClick={() => run(b)}
        >
          {b.label}
        </Button>
      ))}
      <LoanDialogs request={request} dialog={dialog} onClose={() => setDialog(null)} />
    </Group>
  );
}
