import { Button, Group, Paper, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEmergencyDialog } from '../emergency-dialog-store';

/** Emergency Override box (docs/product.md §Screens and routes): opens the override dialog (mounted once, in the header). */
export function EmergencyOverrideBox() {
  const open = useEmergencyDialog((s) => s.open);
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      bg="rgba(224, 49, 49, 0.08)"
      style={{ borderColor: 'var(--mantine-color-red-8)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          <IconAlertTriangle size={20} color="var(--mantine-color-red-5)" style={{ flex: 'none' }} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" c="red.4">
              Emergency Override
            </Text>
            <Text size="xs" c="dimmed">
              Instantly override current CG with breaking news
            </Text>
          </div>
        </Group>
        <Button color="red" style={{ flex: 'none' }} onClick={open}>
          Override
        </Button>
      </Group>
    </Paper>
  );
}
