import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconClock, IconTrashX } from '@tabler/icons-react';
import type { DeletedNews } from '@shared/contracts/news';
import { PriorityBadge } from '@/components/news/news-badges';
import { formatDateTime } from '@/lib/news/news-format';
import { deletionTime, formatTimeRemaining } from '../time-remaining';

interface DeletedNewsCardProps {
  item: DeletedNews;
  now: number;
  busy: boolean;
  onRestore: (item: DeletedNews) => void;
  onDeleteForever: (item: DeletedNews) => void;
}

/** One recycle-bin entry (docs/product.md §Screens and routes) with its countdown to the automatic purge. */
export function DeletedNewsCard({ item, now, busy, onRestore, onDeleteForever }: DeletedNewsCardProps) {
  const deleteAt = deletionTime(item);
  const remaining = formatTimeRemaining(deleteAt, now);
  const expired = remaining === 'Expired';
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`deleted-news-${item.id}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        {/* A 320 px basis pushes the buttons under the text on phones instead of squeezing it. */}
        <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Group gap={6}>
            <PriorityBadge priority={item.priority} />
            <Badge color="red" variant="light" size="sm">
              Deleted
            </Badge>
            {item.status !== 'draft' && (
              // Issue 39: it was approved for air — restoring it may matter more than a draft.
              <Badge color="blue" variant="outline" size="sm">
                Was {item.status}
              </Badge>
            )}
          </Group>
          <Text fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
          {item.subtitle && (
            <Text size="sm" c="dimmed" dir="auto">
              {item.subtitle}
            </Text>
          )}
          <Text size="sm" c="gray.5" dir="auto" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
            {item.content}
          </Text>
          <Group gap="md" mt={2}>
            <Text size="xs" c="dimmed" data-testid="deleted-by">
              Deleted {formatDateTime(item.deletedAt)}
              {item.deletedByName ? ` by ${item.deletedByName}` : ''}
            </Text>
            <Group gap={4}>
              <IconClock
                size={14}
                color={expired ? 'var(--mantine-color-red-5)' : 'var(--mantine-color-yellow-5)'}
                aria-hidden
              />
              <Text size="xs" fw={600} c={expired ? 'red.5' : 'yellow.5'} data-testid="time-remaining">
                {expired ? remaining : `${remaining} remaining`}
              </Text>
            </Group>
          </Group>
          {deleteAt && (
            <Text size="xs" c="dimmed">
              Will be permanently deleted on {formatDateTime(deleteAt.toISOString())}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            color="green"
            leftSection={<IconArrowBackUp size={14} />}
            disabled={busy}
            onClick={() => onRestore(item)}
          >
            Restore
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrashX size={14} />}
            disabled={busy}
            onClick={() => onDeleteForever(item)}
          >
            Delete Forever
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
