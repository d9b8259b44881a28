import { Group, Loader, Paper, Text } from '@mantine/core';
import { useChunkRetries } from './lazy-page';

/**
 * "Reconnecting…" while a page's code download is being retried (lazy-page.tsx). Outside every
 * Suspense boundary on purpose: the router navigates in a transition, so the previous page stays
 * on screen while the next one loads and a Suspense fallback would never be seen.
 */
export function ChunkRetryNotice() {
  const retrying = useChunkRetries((s) => s.retrying > 0);
  if (!retrying) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      px="md"
      py="xs"
      role="status"
      data-testid="page-reconnecting"
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 1000 }}
    >
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" />
        <Text size="sm">Reconnecting…</Text>
      </Group>
    </Paper>
  );
}
