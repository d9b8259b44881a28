import { Alert, Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { EQUIPMENT_CONDITIONS, EQUIPMENT_LIMITS } from '@shared/constants';
import type { EquipmentRequest } from '@shared/contracts/equipment';
import { errorMessage } from '@/lib/api-client';
import { GuardedModal } from '@/lib/unsaved-guard';
import { toastSuccess } from '@/lib/toast';
import { textDirection } from '@/lib/text-direction';
import { useDecideExtension, useRequestExtension, useRequestStep } from '@/lib/api/equipment/equipment-requests';
import { endOfLocalDay, localDay } from '@/lib/equipment/equipment-form-values';
import { formatWhen, requestNumber } from '@/lib/equipment/equipment-format';

/** Which loan dialog is open for a request (issue 39): each asks what its step needs. */
export type LoanDialog = 'reject' | 'extend' | 'return' | 'approve-return' | 'refuse-extension';

interface Props {
  request: EquipmentRequest;
  dialog: LoanDialog | null;
  onClose: () => void;
  /** After a save (the phone refreshes its own lists). */
  onSaved?: () => void;
}

const TITLES: Record<LoanDialog, string> = {
  reject: 'Reject Request',
  extend: 'Request Extension',
  return: 'Return Equipment',
  'approve-return': 'Approve Return',
  'refuse-extension': 'Reject Extension',
};

/** The dialogs a loan's buttons open: reject with a reason, ask for an extension, check in. */
export function LoanDialogs({ request, dialog, onClose, onSaved }: Props) {
  const done = (saved: boolean) => {
    if (saved) onSaved?.();
    onClose();
  };
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal
      opened={dialog !== null}
      onClose={onClose}
      title={dialog ? `${TITLES[dialog]} — ${requestNumber(request.id)}` : ''}
      fullScreen={fullScreen}
    >
      {dialog === 'reject' && <RejectForm request={request} onDone={done} />}
      {dialog === 'extend' && <ExtensionForm request={request} onDone={done} />}
      {dialog === 'refuse-extension' && <RefuseExtensionForm request={request} onDone={done} />}
      {(dialog === 'return' || dialog === 'approve-return') && (
        <CheckInForm request={request} step={dialog} onDone={done} />
      )}
    </GuardedModal>
  );
}

const item = (r: EquipmentRequest) => r.equipmentName ?? 'Equipment';

function Buttons({
  label,
  loading,
  onCancel,
  color,
}: {
  label: string;
  loading: boolean;
  onCancel: () => void;
  color?: string;
}) {
  return (
    <Group justify="flex-end" mt="xs">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={loading} color={color}>
        {label}
      </Button>
    </Group>
  );
}

/** Reject: the reason is required here — the borrower reads it on their request (issue 39). */
/** The form's own check, else the server's answer: one red line above the fields. */
function DialogError({ invalid, error, fallback }: { invalid?: string | null; error: Error | null; fallback: string }) {
  if (!invalid && !error) return null;
  return (
    <Alert color="red" data-testid="loan-dialog-error">
      {invalid ?? errorMessage(error, fallback)}
    </Alert>
  );
}

/** A reason or note the other side reads: Thaana or Latin in its own direction, capped as the server caps it. */
function NoteField({
  value,
  onChange,
  ...props
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  description?: string;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { autoFocus, ...rest } = props;
  return (
    <Textarea
      {...rest}
      data-autofocus={autoFocus || undefined}
      autosize
      minRows={2}
      maxLength={EQUIPMENT_LIMITS.notes}
      dir={textDirection(value)}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

function RejectForm({ request, onDone }: { request: EquipmentRequest; onDone: (saved: boolean) => void }) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const step = useRequestStep();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setInvalid('Give the reason: the borrower is told');
    setInvalid(null);
    step.mutate(
      { id: request.id, step: 'reject', body: { reason: reason.trim() } },
      {
        onSuccess: () => {
          toastSuccess(`${item(request)} request rejected`, 'Request Rejected');
          onDone(true);
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {item(request)} for {request.requestedByName ?? 'the requester'}: {request.purpose}
        </Text>
        <DialogError invalid={invalid} error={step.error} fallback="Failed to reject the request" />
        <NoteField
          label="Reason"
          description="Shown to the borrower with the request"
          required
          autoFocus
          value={reason}
          onChange={setReason}
        />
        <Buttons label="Reject" color="red" loading={step.isPending} onCancel={() => onDone(false)} />
      </Stack>
    </form>
  );
}

/** Request Extension: a new return day (after the current one) and the reason the approver reads. */
function ExtensionForm({ request, onDone }: { request: EquipmentRequest; onDone: (saved: boolean) => void }) {
  const [day, setDay] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const extend = useRequestExtension();
  const current = request.expectedReturnDate ? new Date(request.expectedReturnDate) : new Date();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const due = endOfLocalDay(day);
    if (!due) return setInvalid('Choose the new return date');
    if (due.getTime() <= current.getTime()) return setInvalid('The new return date must be after the current one');
    if (!reason.trim()) return setInvalid('Give the reason: the approver decides on it');
    setInvalid(null);
    extend.mutate(
      { id: request.id, newReturnDate: due.toISOString(), reason: reason.trim() },
      {
        onSuccess: () => {
          toastSuccess(`An approver decides on the new date for ${item(request)}`, 'Extension Requested');
          onDone(true);
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" data-testid="extension-current-date">
          Due now: {formatWhen(request.expectedReturnDate)}
        </Text>
        <DialogError invalid={invalid} error={extend.error} fallback="Failed to request the extension" />
        <TextInput
          type="date"
          label="New Return Date"
          description="By the end of that day"
          required
          data-autofocus
          min={localDay(current)}
          value={day}
          onChange={(e) => setDay(e.currentTarget.value)}
        />
        <NoteField label="Reason" required value={reason} onChange={setReason} />
        <Buttons label="Request Extension" loading={extend.isPending} onCancel={() => onDone(false)} />
      </Stack>
    </form>
  );
}

/** Reject Extension: the loan keeps its date; the reason (optional) is kept with the extension. */
function RefuseExtensionForm({ request, onDone }: { request: EquipmentRequest; onDone: (saved: boolean) => void }) {
  const [reason, setReason] = useState('');
  const decide = useDecideExtension();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate(
      { requestId: request.id, approved: false, rejectionReason: reason.trim() || null },
      {
        onSuccess: () => {
          toastSuccess('The loan keeps its return date', 'Extension Rejected');
          onDone(true);
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {item(request)}: due {formatWhen(request.expectedReturnDate)}, asked until{' '}
          {formatWhen(request.extension?.newReturnDate ?? null)} — {request.extension?.reason ?? 'no reason given'}
        </Text>
        <DialogError error={decide.error} fallback="Failed to process extension request" />
        <NoteField label="Reason" description="Optional" autoFocus value={reason} onChange={setReason} />
        <Buttons label="Reject Extension" color="red" loading={decide.isPending} onCancel={() => onDone(false)} />
      </Stack>
    </form>
  );
}

const CONDITIONS = EQUIPMENT_CONDITIONS.map((c) => ({ value: c, label: c[0]!.toUpperCase() + c.slice(1) }));

/** Check-in (Return / Approve Return): the condition it came back in and any damage (issue 39). */
function CheckInForm({
  request,
  step,
  onDone,
}: {
  request: EquipmentRequest;
  step: 'return' | 'approve-return';
  onDone: (saved: boolean) => void;
}) {
  const [condition, setCondition] = useState<string | null>(request.returnCondition);
  const [damageNote, setDamageNote] = useState(request.damageNote ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useRequestStep();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!condition) return setInvalid('Choose the condition it came back in');
    setInvalid(null);
    mutation.mutate(
      {
        id: request.id,
        step,
        body: { condition: condition as (typeof EQUIPMENT_CONDITIONS)[number], damageNote: damageNote.trim() || null },
      },
      {
        onSuccess: (saved) => {
          if (saved.status === 'return_requested')
            toastSuccess('An approver will confirm the return', 'Return Request Sent');
          else toastSuccess('Equipment return approved and equipment is now available', 'Return Approved');
          onDone(true);
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{item(request)}</Text>
        <DialogError invalid={invalid} error={mutation.error} fallback="Failed to return the equipment" />
        <Select
          label="Condition"
          placeholder="How it came back"
          required
          data={CONDITIONS}
          value={condition}
          onChange={setCondition}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NoteField
          label="Damage note"
          description="Optional: what is damaged or missing"
          value={damageNote}
          onChange={setDamageNote}
        />
        <Buttons
          label={step === 'return' ? 'Return' : 'Approve Return'}
          loading={mutation.isPending}
          onCancel={() => onDone(false)}
        />
      </Stack>
    </form>
  );
}
