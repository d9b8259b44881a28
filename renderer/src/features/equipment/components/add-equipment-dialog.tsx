import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { EQUIPMENT_CONDITIONS, EQUIPMENT_CSV_DEFAULTS, EQUIPMENT_LIMITS } from '@shared/constants';
import { errorMessage } from '@/lib/api-client';
import { GuardedModal, useModalDirty } from '@/lib/unsaved-guard';
import { formChanged } from '@/lib/unsaved-registry';
import { toastSuccess } from '@/lib/toast';
import type { Equipment } from '@shared/contracts/equipment';
import { useCreateEquipment, useUpdateEquipment } from '@/lib/api/equipment/equipment';
import {
  emptyEquipmentForm,
  toEquipmentBody,
  type EquipmentFormValues,
  type FieldErrors,
} from '@/lib/equipment/equipment-form-values';

interface Props {
  opened: boolean;
  onClose: () => void;
}

/** Add Equipment (docs/product.md §Validation): code, name, location, category, condition (good), quantity (1, min 1). */
export function AddEquipmentDialog({ opened, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal opened={opened} onClose={onClose} title="Add Equipment" size="lg" fullScreen={fullScreen}>
      {opened && <AddForm onDone={onClose} />}
    </GuardedModal>
  );
}

/** Edit on an equipment card (issue 39): the same form, filled, saved with the item's version. */
export function EditEquipmentDialog({ item, onClose }: { item: Equipment | null; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <GuardedModal
      opened={item !== null}
      onClose={onClose}
      title={item ? `Edit ${item.name}` : 'Edit Equipment'}
      size="lg"
      fullScreen={fullScreen}
    >
      {item && <AddForm key={item.id} item={item} onDone={onClose} />}
    </GuardedModal>
  );
}

const formOf = (item: Equipment): EquipmentFormValues => ({
  code: item.code,
  name: item.name,
  location: item.location,
  category: item.category,
  condition: item.condition,
  quantity: item.quantity,
  description: item.description ?? '',
});

function AddForm({ onDone, item }: { onDone: () => void; item?: Equipment }) {
  const [initial] = useState(() => (item ? formOf(item) : emptyEquipmentForm()));
  const [values, setValues] = useState<EquipmentFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof EquipmentFormValues>>({});
  const { requestClose } = useModalDirty(formChanged(initial, values));
  const add = useCreateEquipment();
  const update = useUpdateEquipment();
  const create = item ? update : add;
  const set = <K extends keyof EquipmentFormValues>(field: K, value: EquipmentFormValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const text = (field: keyof EquipmentFormValues) => ({
    value: String(values[field]),
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    error: errors[field],
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toEquipmentBody(values);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return;
    if (item) {
      update.mutate(
        { id: item.id, body: { ...parsed.body, category: parsed.body.category ?? 'General', version: item.version } },
        {
          onSuccess: (saved) => {
            toastSuccess(`${saved.name} (${saved.code}) saved`, 'Equipment Updated');
            onDone();
          },
        },
      );
      return;
    }
    add.mutate(parsed.body, {
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
          <Alert
            color="red"
            title={item ? 'Failed to save equipment' : 'Failed to add equipment'}
            data-testid="add-equipment-error"
          >
            {errorMessage(create.error, item ? 'Failed to save equipment' : 'Failed to add equipment')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Code" required maxLength={EQUIPMENT_LIMITS.code} {...text('code')} data-autofocus />
          <TextInput label="Name" required maxLength={EQUIPMENT_LIMITS.name} {...text('name')} />
          <TextInput label="Location" required maxLength={EQUIPMENT_LIMITS.location} {...text('location')} />
          <TextInput
            label="Category"
            placeholder={EQUIPMENT_CSV_DEFAULTS.category}
            maxLength={EQUIPMENT_LIMITS.category}
            {...text('category')}
          />
          <Select
            label="Condition"
            data={[...EQUIPMENT_CONDITIONS]}
            value={values.condition}
            onChange={(v) => v && set('condition', v)}
            allowDeselect={false}
          />
          <NumberInput
            label="Quantity"
            min={1}
            max={EQUIPMENT_LIMITS.quantity}
            allowDecimal={false}
            allowNegative={false}
            value={values.quantity}
            onChange={(v) => set('quantity', v)}
            error={errors.quantity}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={EQUIPMENT_LIMITS.description}
          {...text('description')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={requestClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            {item ? 'Save' : 'Add Equipment'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
