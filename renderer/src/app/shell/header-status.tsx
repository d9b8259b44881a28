import { Badge, Box, Group } from '@mantine/core';
import { useLiveStatus } from '@/lib/live';

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
