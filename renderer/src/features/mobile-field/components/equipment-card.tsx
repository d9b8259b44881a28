import { Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconClockHour4, IconMapPin } from '@tabler/icons-react';
import type { Equipment, EquipmentRequest } from '@shared/contracts/equipment';
import { requestNumber } from '@shared/request-number';
import { EquipmentStatusBadge } from './status-badges';

function CardBody({ item, pending }: { item: Equipment; pending: EquipmentRequest | undefined }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={pending ? { borderColor: 'var(--mantine-color-yellow-filled)' } : undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }} dir="auto">
            {item.name}
          </Text>
          <EquipmentStatusBadge status={item.status} />
        </Group>
        <Text size="sm" ff="monospace" c="dimmed">
          {item.code}
        </Text>
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={14} aria-hidden />
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.location}
          </Text>
        </Group>
        {pending && <PendingNote request={pending} />}
      </Stack>
    </Paper>
  );
}

/** The caller already asked for this item: say so, with the number the desk will see. */
export function PendingNote({ request }: { request: EquipmentRequest }) {
  return (
    <Group gap={4} wrap="nowrap" data-testid="my-pending-request">
      <IconClockHour4 size={14} aria-hidden color="var(--mantine-color-yellow-filled)" />
      <Text size="sm" fw={500}>
        You requested this ({requestNumber(request.id)}), awaiting approval
      </Text>
    </Group>
  );
}

/**
 * One item: the whole card is the tap target ('Tap to request equipment'), except while the
 * caller's own request for it is pending — then it is not a button, so no second request.
 */
export function EquipmentCard({
  item,
  pending,
  onTap,
}: {
  item: Equipment;
  pending: EquipmentRequest | undefined;
  onTap: (item: Equipment) => void;
}) {
  if (pending) {
    return (
      <div data-testid={`mobile-equipment-${item.code}`} data-pending-request={pending.id}>
        <CardBody item={item} pending={pending} />
      </div>
    );
  }
  return (
    // Named by what it shows, after a hidden "Request" ("Request Sony PXW-Z280 Available CAM-001
    // …"): an aria-label would hide the code, status and place a sighted user reads (WCAG 2.5.3).
    <UnstyledButton onClick={() => onTap(item)} data-testid={`mobile-equipment-${item.code}`} w="100%">
      <VisuallyHidden>Request </VisuallyHidden>
      <CardBody item={item} pending={undefined} />
    </UnstyledButton>
  );
}
