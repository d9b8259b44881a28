import { ActionIcon, Badge, Box, Button, Group, Tooltip } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useLiveStatus } from '@/lib/live';
import { useEmergencyMode } from './emergency-mode-store';

/** Emergency Mode: a local on/off switch that turns the button red (spec 000 §2). */
export function EmergencyModeButton() {
  const { on, toggle } = useEmergencyMode();
  const common = {
    color: on ? 'red' : 'gray',
    variant: on ? 'filled' : 'default',
    'aria-pressed': on,
    onClick: toggle,
  } as const;
  return (
    <>
      <Button {...common} size="compact-sm" visibleFrom="md" leftSection={<IconAlertOctagon size={16} />}>
        Emergency Mode
      </Button>
      <Tooltip label="Emergency Mode">
        <ActionIcon {...common} size="lg" hiddenFrom="md" aria-label="Emergency Mode">
          <IconAlertOctagon size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}

export function LiveIndicator() {
  return (
    <Badge color="red" variant="filled" radius="sm" size="md" leftSection={<span className="live-dot" />}>
      LIVE
    </Badge>
  );
}

/** Connected/Disconnected reflects the real live socket (authenticated), not a guess. */
export function ConnectionIndicator() {
  const connected = useLiveStatus((s) => s.connected);
  const label = connected ? 'Connected' : 'Disconnected';
  return (
    <Group gap={6} wrap="nowrap" data-testid="connection-status" data-connected={connected} aria-live="polite">
      <Box
        w={10}
        h={10}
        style={{ borderRadius: '50%', flex: 'none' }}
        bg={connected ? 'green.6' : 'red.7'}
        title={label}
        aria-hidden
      />
      {/* On phones only the dot shows; the word stays for screen readers. */}
      <Box component="span" fz="sm" c={connected ? 'green.5' : 'red.5'} fw={600} className="connection-label">
        {label}
      </Box>
    </Group>
  );
}
