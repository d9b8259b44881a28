import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { EQUIPMENT_CONDITIONS, EQUIPMENT_CSV_DEFAULTS, EQUIPMENT_LIMITS } from '@shared/constants';
import { errorMessage } from '@/lib/api-client';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { formChanged } from '@/lib/unsaved-registry';
import { toastSuccess } from '@/features/news/news-toast';
import { useCreateEquipment } from '../api/equipment';
import { emptyEquipmentForm, toEquipmentBody, type EquipmentFormValues, type FieldErrors } from '../equipment-form-values';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** Add Equipment (spec 001 §5): code, name, location, category, condition (good), quantity (1, min 1). */
export function AddEquipmentDialog({ opened, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal opened={opened} onClose={onClose} title="Add Equipment" size="lg" fullScreen={fullScreen}>
      {opened && <AddForm onDone={onClose} />}
    </GuardedModal>
  );
}

function AddForm({ onDone }: { onDone: () => void }) {
  const [initial] = useState(emptyEquipmentForm);
  const [values, setValues] = useState<EquipmentFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof EquipmentFormValues>>({});
  const { requestClose } = useModalDirty(formChanged(initial, values));
  const create = useCreateEquipment();
  const set = <K extends keyof EquipmentFormValues>(field: K, value: EquipmentFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const text = (field: keyof EquipmentFormValues) => ({ value: String(values[field]), onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value), error: errors[field] });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toEquipmentBody(values);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    create.mutate(parsed.body, {
      onSuccess: (saved) => {
        toastSuccess(`${saved.name} (${saved.code}) added`, 'Equipment Added');
        onDone();
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {/* The server's reason stays in view next to the form it is about (e.g. a duplicate code). */}
        {create.error && (
          <Alert color="red" title="Failed to add equipment" data-testid="add-equipment-error">
            {errorMessage(create.error, 'Failed to add equipment')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Code" required maxLength={EQUIPMENT_LIMITS.code} {...text('code')} data-autofocus />
          <TextInput label="Name" required maxLength={EQUIPMENT_LIMITS.name} {...text('name')} />
          <TextInput label="Location" required maxLength={EQUIPMENT_LIMITS.location} {...text('location')} />
          <TextInput label="Category" placeholder={EQUIPMENT_CSV_DEFAULTS.category} maxLength={EQUIPMENT_LIMITS.category} {...text('category')} />
          <Select label="Condition" data={[...EQUIPMENT_CONDITIONS]} value={values.condition} onChange={(v) => v && set('condition', v)} allowDeselect={false} />
          <NumberInput label="Quantity" min={1} max={EQUIPMENT_LIMITS.quantity} allowDecimal={false} allowNegative={false} value={values.quantity} onChange={(v) => set('quantity', v)} error={errors.quantity} />
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={2} maxRows={5} maxLength={EQUIPMENT_LIMITS.description} {...text('description')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add Equipment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
