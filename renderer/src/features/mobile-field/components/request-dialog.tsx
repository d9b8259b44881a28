import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { EXPECTED_RETURN_IN_PAST, type Equipment } from '@shared/contracts/equipment';
import { EQUIPMENT_DEFAULT_LOAN_HOURS } from '@shared/constants';
import { errorMessage } from '@/lib/api-client';
import { endOfLocalDay, localDay } from '@/lib/equipment/equipment-form-values';
import { showToast } from '@/lib/toast';
import { textDirection } from '@/lib/text-direction';
import { useCreateMobileRequest } from '../api/mobile-mutations';

interface RequestDialogProps {
  /** The item tapped; null = closed. */
  equipment: Equipment | null;
  onClose: () => void;
}

/** 'Request Equipment' (docs/product.md §Screens and routes, §Validation, §Error texts): purpose required, notes optional. */
export function RequestDialog({ equipment, onClose }: RequestDialogProps) {
  const [purpose, setPurpose] = useState('');
  const [notes, setNotes] = useState('');
  /** 'YYYY-MM-DD' from the phone's date picker; '' = the server's default loan time. */
  const [returnDay, setReturnDay] = useState('');
  const create = useCreateMobileRequest();

  // Every way out empties the form: the next item must not inherit this one's purpose.
  const close = () => {
    setPurpose('');
    setNotes('');
    setReturnDay('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!equipment) return;
    if (!purpose.trim()) {
      showToast('Error', 'Please fill in all required fields', 'red');
      return;
    }
    const due = returnDay ? endOfLocalDay(returnDay) : null;
    if (due && due.getTime() < Date.now()) {
      showToast('Error', EXPECTED_RETURN_IN_PAST, 'red');
      return;
    }
    create.mutate(
      {
        equipmentId: equipment.id,
        purpose: purpose.trim(),
        notes: notes.trim(),
        ...(due ? { expectedReturnDate: due.toISOString() } : {}),
      },
      {
        onSuccess: (saved) => {
          // Issue 39: a blank return date is not silent — the toast says when the loan is due.
          const due =
            saved.notice && saved.expectedReturnDate
              ? new Date(saved.expectedReturnDate).toLocaleString(undefined, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })
              : null;
          const message = due ? (
            <>
              <span style={{ display: 'block' }}>Equipment request submitted successfully</span>
              <span
                style={{ display: 'block' }}
              >{`No return date given: due back ${due} (${EQUIPMENT_DEFAULT_LOAN_HOURS} h default)`}</span>
            </>
          ) : (
            'Equipment request submitted successfully'
          );
          showToast('Request Sent', message, 'green');
          close();
        },
        onError: (error) => showToast('Error', errorMessage(error, 'Failed to submit equipment request'), 'red'),
      },
    );
  };

  return (
    <Modal opened={equipment !== null} onClose={close} title="Request Equipment" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {equipment && (
            <Text size="sm" c="dimmed">
              {equipment.name} ·{' '}
              <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{equipment.code}</span>
            </Text>
          )}
          <TextInput
            label="Purpose"
            required
            data-autofocus
            dir={textDirection(purpose)}
            value={purpose}
            onChange={(e) => setPurpose(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Expected Return Date"
            description={`Optional: by the end of that day. Left blank, it is due ${EQUIPMENT_DEFAULT_LOAN_HOURS} h after the request`}
            min={localDay(new Date())}
            value={returnDay}
            onChange={(e) => setReturnDay(e.currentTarget.value)}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            dir={textDirection(notes)}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Sending...' : 'Submit'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
