import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Equipment } from '@shared/contracts/equipment';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useCreateMobileRequest } from '../api/mobile-mutations';

interface RequestDialogProps {
  /** The item tapped; null = closed. */
  equipment: Equipment | null;
  onClose: () => void;
}

/** 'Request Equipment' (spec 001 §2, §5, §8): purpose required, notes optional. */
export function RequestDialog({ equipment, onClose }: RequestDialogProps) {
  const [purpose, setPurpose] = useState('');
  const [notes, setNotes] = useState('');
  const create = useCreateMobileRequest();

  // Every way out empties the form: the next item must not inherit this one's purpose.
  const close = () => {
    setPurpose('');
    setNotes('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!equipment) return;
    if (!purpose.trim()) {
      showToast('Error', 'Please fill in all required fields', 'red');
      return;
    }
    create.mutate(
      { equipmentId: equipment.id, purpose: purpose.trim(), notes: notes.trim() },
      {
        onSuccess: () => {
          showToast('Request Sent', 'Equipment request submitted successfully', 'green');
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
              {equipment.name} · <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{equipment.code}</span>
            </Text>
          )}
          <TextInput label="Purpose" required data-autofocus value={purpose} onChange={(e) => setPurpose(e.currentTarget.value)} />
          <Textarea label="Notes" autosize minRows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
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
