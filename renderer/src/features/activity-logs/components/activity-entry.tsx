import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ActivityLog } from '@shared/contracts/activity-logs';
import { formatDateTime } from '@/lib/news/news-format';
import { activityBadgeColor, activityBadgeLabel } from '../activity-badge';

/** One line of history: what (badge), who and when, then the detail at full width. */
export function ActivityEntry({ entry }: { entry: ActivityLog }) {
  const label = activityBadgeLabel(entry.action);
  return (
    <Group
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      px="sm"
      py={8}
      data-testid="activity-entry"
      style={{ borderBottom: '1px solid var(--mantine-color-dark-4)' }}
    >
      <Badge
        color={activityBadgeColor(label)}
        variant="light"
        size="sm"
        w={96}
        mt={2}
        style={{ flexShrink: 0 }}
        title={entry.action}
      >
        {label}
      </Badge>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        {/* Wraps the time under the name on phones instead of squeezing the detail. */}
        <Group justify="space-between" gap={4} wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {entry.username ?? 'System'}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </Text>
        </Group>
        {entry.details && (
          <Text size="sm" c="gray.4" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {entry.details}
          </Text>
        )}
        {entry.revision && (
          <Anchor
            component={Link}
            to={`/news?history=${entry.revision.newsId}&revision=${entry.revision.revisionId}`}
            size="xs"
            w="fit-content"
          >
            View this version
          </Anchor>
        )}
      </Stack>
    </Group>
  );
}
