import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { Equipment } from '@shared/contracts/equipment';
import { EquipmentStatusBadge } from './status-badges';

/** One item: the whole card is the tap target ('Tap to request equipment'). */
export function EquipmentCard({ item, onTap }: { item: Equipment; onTap: (item: Equipment) => void }) {
  return (
    <UnstyledButton onClick={() => onTap(item)} aria-label={`Request ${item.name}`} data-testid={`mobile-equipment-${item.code}`} w="100%">
      <Paper withBorder radius="md" p="sm">
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
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}
