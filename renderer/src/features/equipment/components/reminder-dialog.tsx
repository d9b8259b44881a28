import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useEquipmentRequests, useSendReminder } from '@/lib/api/equipment/equipment-requests';
import { requestNumber } from '@/lib/equipment/equipment-format';
import { reminderOutcome, type ReminderOutcome } from '../reminder-result';

interface Props {
  /** null: closed; 'any': pick the loan in the dialog; a number: that request. */
  target: number | 'any' | null;
  onClose: () => void;
}

/** Send Equipment Reminder (docs/product.md §Screens and routes): to the borrower's messaging account, for a loan that is out. */
export function ReminderDialog({ target, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={target !== null} onClose={onClose} title="Send Equipment Reminder" fullScreen={fullScreen}>
      {target !== null && <ReminderForm initialId={target === 'any' ? null : String(target)} onClose={onClose} />}
    </Modal>
  );
}

function ReminderForm({ initialId, onClose }: { initialId: string | null; onClose: () => void }) {
  const [requestId, setRequestId] = useState<string | null>(initialId);
  const [outcome, setOutcome] = useState<ReminderOutcome | null>(null);
  const requests = useEquipmentRequests();
  const send = useSendReminder();
  const out = (requests.data ?? []).filter((r) => r.status === 'out' || String(r.id) === initialId);
  const options = out.map((r) => ({
    value: String(r.id),
    label: `${requestNumber(r.id)} · ${r.equipmentName ?? 'Equipment'} — ${r.requestedByName ?? r.requestedByUsername ?? 'unknown'}`,
  }));

  const submit = () => {
    if (!requestId) return;
    setOutcome(null);
    send.mutate(Number(requestId), { onSuccess: (result) => setOutcome(reminderOutcome(result)) });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        A reminder is sent to the user's messaging account.
      </Text>
      <Select
        label="Request"
        required
        data={options}
        value={requestId}
        onChange={(v) => {
          setRequestId(v);
          setOutcome(null);
        }}
        placeholder={options.length ? 'Choose a checked-out request' : 'No equipment is checked out'}
        disabled={!options.length}
        nothingFoundMessage="No equipment is checked out"
      />
      {/* Exactly what the server said: a reminder that was only recorded must not read as sent. */}
      {outcome && (
        <Alert
          color={outcome.delivered ? 'green' : 'yellow'}
          title={outcome.delivered ? 'Reminder Sent' : 'Reminder not delivered'}
          data-testid="reminder-outcome"
        >
          {outcome.text}
        </Alert>
      )}
      {send.error && (
        <Alert color="red" title="Error" data-testid="reminder-outcome">
          {errorMessage(send.error, 'Failed to send reminder')}
        </Alert>
      )}
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={submit} disabled={!requestId} loading={send.isPending}>
          Send Reminder
        </Button>
      </Group>
    </Stack>
  );
}
