import { Alert, Button, Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { EQUIPMENT_DEFAULT_LOAN_HOURS, EQUIPMENT_LIMITS } from '@shared/constants';
import { errorMessage } from '@/lib/api-client';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { formChanged } from '@/lib/unsaved-registry';
import { toastSuccess } from '@/lib/toast';
import { textDirection } from '@/lib/text-direction';
import { useEquipmentList } from '@/lib/api/equipment/equipment';
import { useCreateEquipmentRequest } from '@/lib/api/equipment/equipment-requests';
import { localDay, toRequestBody, type RequestFormValues } from '@/lib/equipment/equipment-form-values';
import { formatWhen } from '@/lib/equipment/equipment-format';

interface Props {
  /** null: closed; 'any': pick the item in the dialog; a number: that card's item. */
  target: number | 'any' | null;
  onClose: () => void;
}

/** Request Equipment (docs/product.md §Screens and routes, §Validation): the item, a purpose (required), optional notes and return date. */
export function RequestEquipmentDialog({ target, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal opened={target !== null} onClose={onClose} title="Request Equipment" fullScreen={fullScreen}>
      {target !== null && <RequestForm initialId={target === 'any' ? null : String(target)} onDone={onClose} />}
    </GuardedModal>
  );
}

function RequestForm({ initialId, onDone }: { initialId: string | null; onDone: () => void }) {
  const [initial] = useState<RequestFormValues>(() => ({
    equipmentId: initialId,
    purpose: '',
    notes: '',
    expectedReturnDate: '',
  }));
  const [values, setValues] = useState(initial);
  const [invalid, setInvalid] = useState<string | null>(null);
  const { requestClose } = useModalDirty(formChanged(initial, values));
  const equipment = useEquipmentList();
  const create = useCreateEquipmentRequest();
  // The value is read in the handler: a functional update may run at the next render, after React
  // has cleared the event's currentTarget (fast typing crashed the dialog: "reading 'value' of null").
  const field =
    (key: 'purpose' | 'notes' | 'expectedReturnDate') => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.currentTarget.value;
      setValues((s) => ({ ...s, [key]: value }));
    };
  const options = (equipment.data ?? []).map((e) => ({
    value: String(e.id),
    label: `${e.name} (${e.code}) — ${e.currentStock} / ${e.quantity}`,
  }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toRequestBody(values);
    setInvalid(parsed.ok ? null : parsed.message);
    if (!parsed.ok) return;
    create.mutate(parsed.body, {
      onSuccess: (saved) => {
        // Issue 39: a blank return date is not silent — the toast says when the loan is due.
        toastSuccess(
          saved.notice
            ? `Equipment request submitted successfully. Due back ${formatWhen(saved.expectedReturnDate)} (${EQUIPMENT_DEFAULT_LOAN_HOURS} h default)`
            : 'Equipment request submitted successfully',
          'Request Sent',
        );
        onDone();
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {invalid && (
          <Alert color="red" data-testid="request-error">
            {invalid}
          </Alert>
        )}
        {create.error && (
          <Alert color="red" title="Failed to send request" data-testid="request-error">
            {errorMessage(create.error, 'Failed to send request')}
          </Alert>
        )}
        <Select
          label="Equipment"
          required
          searchable
          data={options}
          value={values.equipmentId}
          onChange={(v) => setValues((s) => ({ ...s, equipmentId: v }))}
          nothingFoundMessage="No equipment found"
          placeholder="Choose equipment"
        />
        <TextInput
          label="Purpose"
          required
          dir={textDirection(values.purpose)}
          maxLength={EQUIPMENT_LIMITS.purpose}
          value={values.purpose}
          onChange={field('purpose')}
          data-autofocus
        />
        <TextInput
          type="date"
          label="Expected Return Date"
          description={`Optional: by the end of that day. Left blank, it is due ${EQUIPMENT_DEFAULT_LOAN_HOURS} hours after you send the request`}
          min={localDay(new Date())}
          value={values.expectedReturnDate}
          onChange={field('expectedReturnDate')}
        />
        <Textarea
          label="Notes"
          dir={textDirection(values.notes)}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={EQUIPMENT_LIMITS.notes}
          value={values.notes}
          onChange={field('notes')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Submit Request
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
