import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ActivityLog } from '@shared/contracts/activity-logs';
import { formatDateTime } from '@/features/news/news-format';
import { activityBadgeColor, activityBadgeLabel } from '../activity-badge';

/** One line of history: what (badge), who, the detail, when. */
export function ActivityEntry({ entry }: { entry: ActivityLog }) {
  const label = activityBadgeLabel(entry.action);
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      px="sm"
      py={8}
      data-testid="activity-entry"
      style={{ borderBottom: '1px solid var(--mantine-color-dark-4)' }}
    >
      <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
        <Badge color={activityBadgeColor(label)} variant="light" size="sm" w={96} style={{ flexShrink: 0 }} title={entry.action}>
          {label}
        </Badge>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600}>
            {entry.username ?? 'System'}
          </Text>
          {entry.details && (
            <Text size="sm" c="gray.4" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {entry.details}
            </Text>
          )}
        </Stack>
      </Group>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </Text>
    </Group>
  );
}
