import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EQUIPMENT_SELECTOR_STATUSES } from '@shared/constants';
import type { Equipment } from '@shared/contracts/equipment';
import { textDirection } from '@/lib/text-direction';
import type { SelectorStatus } from '@/lib/api/equipment/equipment';
import { EQUIPMENT_STATUS_COLORS, statusText } from '@/lib/equipment/equipment-format';

const STATUS_OPTIONS = EQUIPMENT_SELECTOR_STATUSES.map((value) => ({ value, label: statusText(value) }));

interface Props {
  item: Equipment;
  canManage: boolean;
  /** This card's status change or delete is in flight: its controls wait. */
  busy: boolean;
  onStatus: (item: Equipment, status: SelectorStatus) => void;
  onDelete: (item: Equipment) => void;
  onRequest: (item: Equipment) => void;
  /** Edit (issue 39): managers change the item's fields on its card. */
  onEdit: (item: Equipment) => void;
  /** Select mode for labels: ticked or not; undefined = not selecting. */
  selected?: boolean;
  onSelect?: (item: Equipment) => void;
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="space-between">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" truncate="end" data-testid={testId} style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/** One catalogue item (docs/product.md §Screens and routes): what it is, where, its state and how many are on the shelf. */
export function EquipmentCard({
  item,
  canManage,
  busy,
  onStatus,
  onDelete,
  onRequest,
  onEdit,
  selected,
  onSelect,
}: Props) {
  const empty = item.currentStock <= 0;
  const selecting = selected !== undefined;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="equipment-card"
      data-code={item.code}
      data-selected={selected || undefined}
      style={
        selected
          ? { borderColor: 'var(--mantine-color-blue-filled)', boxShadow: '0 0 0 1px var(--mantine-color-blue-filled)' }
          : undefined
      }
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          {selecting && (
            <Checkbox
              aria-label={`Select ${item.name} for labels`}
              checked={selected}
              onChange={() => onSelect?.(item)}
              mt={3}
              style={{ flex: 'none' }}
            />
          )}
          <div style={{ minWidth: 0, flex: 1 }}>
            <Text
              fw={600}
              lineClamp={2}
              dir={textDirection(item.name)}
              ta="left"
              title={item.name}
              data-testid="equipment-name"
            >
              {item.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" truncate="end" data-testid="equipment-code">
              {item.code}
            </Text>
          </div>
          <Badge
            color={EQUIPMENT_STATUS_COLORS[item.status]}
            variant="light"
            style={{ flex: 'none' }}
            data-testid="equipment-status"
          >
            {statusText(item.status)}
          </Badge>
        </Group>
        <Stack gap={2}>
          <Field label="Location">{item.location}</Field>
          <Field label="Category">{item.category}</Field>
          <Field label="Condition">{item.condition}</Field>
          <Field label="Stock" testId="equipment-stock">
            <Text span inherit c={empty ? 'red' : undefined} fw={empty ? 700 : 500}>
              {item.currentStock} / {item.quantity}
            </Text>
          </Field>
        </Stack>
        {item.description && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {item.description}
          </Text>
        )}
        <Group gap="xs" mt="auto" wrap="nowrap" align="flex-end">
          {canManage && (
            <Select
              aria-label={`Status of ${item.name}`}
              size="xs"
              data={STATUS_OPTIONS}
              value={(EQUIPMENT_SELECTOR_STATUSES as readonly string[]).includes(item.status) ? item.status : null}
              placeholder={statusText(item.status)}
              onChange={(v) => v && v !== item.status && onStatus(item, v as SelectorStatus)}
              allowDeselect={false}
              disabled={busy}
              style={{ flex: 1, minWidth: 0 }}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Button
            size="xs"
            variant="light"
            onClick={() => onRequest(item)}
            style={canManage ? { flex: 'none' } : { flex: 1 }}
          >
            Request
          </Button>
          {canManage && (
            <Tooltip label="Edit">
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={`Edit ${item.name}`}
                disabled={busy}
                onClick={() => onEdit(item)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {canManage && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Delete ${item.name}`}
                loading={busy}
                onClick={() => onDelete(item)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
