import { Badge, Box, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { errorMessage } from '@/lib/api-client';
import type { News } from '@shared/contracts/news';
import { StatusBadge } from '@/components/news/news-badges';
import { NewsTitleLines } from '@/components/news/news-title-lines';

interface RecentNewsListProps {
  news: readonly News[];
  /** Loading and error are not "no news": each says what it is. */
  state: 'loading' | 'error' | 'ready';
  error: Error | null;
  onRetry: () => void;
  canWrite: boolean;
  pending: boolean;
  onSend: (article: News) => void;
  onEdit: (article: News) => void;
}

function NewsRow({
  article,
  n,
  canWrite,
  pending,
  onSend,
  onEdit,
}: Pick<RecentNewsListProps, 'canWrite' | 'pending' | 'onSend' | 'onEdit'> & { article: News; n: number }) {
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      py={6}
      px="xs"
      data-testid={`recent-news-${article.id}`}
      style={{ borderBottom: '1px solid var(--mantine-color-dark-4)' }}
    >
      <Text size="xs" c="dimmed" w={22} ta="right" style={{ flex: 'none' }} mt={2}>
        {n}.
      </Text>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <NewsTitleLines article={article} />
        <Group gap={4}>
          <StatusBadge status={article.status} />
          {article.priority === 'breaking' && (
            <Badge color="red" variant="filled" size="sm">
              Breaking
            </Badge>
          )}
        </Group>
      </Stack>
      {canWrite && (
        <Stack gap={4} style={{ flex: 'none' }}>
          <Button size="compact-xs" onClick={() => onSend(article)} disabled={pending}>
            Send to CG
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => onEdit(article)}>
            Edit
          </Button>
        </Stack>
      )}
    </Group>
  );
}

/** Recent News (docs/product.md §Screens and routes): numbered, scrolls at 24rem, one click to air. */
export function RecentNewsList(props: RecentNewsListProps) {
  const { news, state } = props;
  return (
    <Paper withBorder radius="sm" p={0} data-testid="recent-news">
      <Group justify="space-between" px="sm" py={8} style={{ borderBottom: '1px solid var(--mantine-color-dark-4)' }}>
        <Text fw={700} size="sm">
          Recent News
        </Text>
        <Badge variant="light" color="gray" data-testid="recent-news-count">
          {state === 'ready' ? news.length : '…'}
        </Badge>
      </Group>
      {state === 'loading' ? (
        <Stack gap={6} p="sm" data-testid="recent-news-loading" aria-busy>
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
          <Skeleton height={12} width="80%" />
          <Skeleton height={12} width="60%" />
        </Stack>
      ) : state === 'error' ? (
        <Group gap="xs" p="sm" wrap="nowrap" data-testid="recent-news-error">
          <Text size="sm" c="red.5" style={{ flex: 1, minWidth: 0 }}>
            Could not load news: {errorMessage(props.error)}
          </Text>
          <Button size="compact-xs" variant="default" onClick={props.onRetry}>
            Retry
          </Button>
        </Group>
      ) : news.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          No news items available
        </Text>
      ) : (
        <Box mah="24rem" style={{ overflowY: 'auto' }}>
          {news.map((article, i) => (
            <NewsRow
              key={article.id}
              article={article}
              n={i + 1}
              canWrite={props.canWrite}
              pending={props.pending}
              onSend={props.onSend}
              onEdit={props.onEdit}
            />
          ))}
        </Box>
      )}
    </Paper>
  );
}
