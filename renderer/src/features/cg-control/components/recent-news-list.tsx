import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { News } from '@shared/contracts/news';
import { StatusBadge } from '@/features/news/components/news-badges';
import { NewsTitleLines } from '@/features/news/components/news-title-lines';

interface RecentNewsListProps {
  news: readonly News[];
  canWrite: boolean;
  pending: boolean;
  onSend: (article: News) => void;
  onEdit: (article: News) => void;
}

function NewsRow({ article, n, canWrite, pending, onSend, onEdit }: Omit<RecentNewsListProps, 'news'> & { article: News; n: number }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" py={6} px="xs" data-testid={`recent-news-${article.id}`} style={{ borderBottom: '1px solid var(--mantine-color-dark-4)' }}>
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

/** Recent News (spec 000 §2): numbered, scrolls at 24rem, one click to air. */
export function RecentNewsList(props: RecentNewsListProps) {
  const { news } = props;
  return (
    <Paper withBorder radius="sm" p={0} data-testid="recent-news">
      <Group justify="space-between" px="sm" py={8} style={{ borderBottom: '1px solid var(--mantine-color-dark-4)' }}>
        <Text fw={700} size="sm">
          Recent News
        </Text>
        <Badge variant="light" color="gray" data-testid="recent-news-count">
          {news.length}
        </Badge>
      </Group>
      {news.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          No news items available
        </Text>
      ) : (
        <Box mah="24rem" style={{ overflowY: 'auto' }}>
          {news.map((article, i) => (
            <NewsRow key={article.id} article={article} n={i + 1} {...props} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
