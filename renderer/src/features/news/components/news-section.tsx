import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { News, NewsPage, NewsStatus } from '@shared/contracts/news';
import type { User } from '@shared/contracts/users';
import { can } from '@shared/roles';
import { STATUS_LABELS } from '@/lib/news/news-format';
import { useApprovalRule } from '../api/get-approval-rule';
import { newsRowActions, ownStoryNeedsSecondApprover } from '../news-permissions';
import { NewsCard, type NewsCardHandlers } from './news-card';

interface NewsSectionProps extends NewsCardHandlers {
  status: NewsStatus;
  data: NewsPage | undefined;
  fetching: boolean;
  actor: User;
  pendingId: number | undefined;
}

const SECTION_COLORS: Record<NewsStatus, string> = { draft: 'yellow', approved: 'blue', published: 'green' };

/** One status list (docs/product.md §Screens and routes: Draft, Approved, Published), its count is the full total. */
export function NewsSection({ status, data, fetching, actor, pendingId, ...handlers }: NewsSectionProps) {
  const label = STATUS_LABELS[status];
  const items: News[] = data?.items ?? [];
  const rule = useApprovalRule();
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={label} data-testid={`news-section-${status}`}>
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={2} size="h5">
            {label}
          </Title>
          <Badge
            color={SECTION_COLORS[status]}
            variant="light"
            size="sm"
            circle={false}
            data-testid={`news-count-${status}`}
          >
            {data?.total ?? 0}
          </Badge>
        </Group>
        {fetching && <Loader size={14} aria-label={`Refreshing ${label}`} />}
      </Group>
      <Stack gap={6}>
        {items.map((article) => (
          <NewsCard
            key={article.id}
            article={article}
            actions={newsRowActions(actor, article, rule)}
            awaitsSecondApprover={
              article.status === 'draft' &&
              can(actor, 'news.manage') &&
              ownStoryNeedsSecondApprover(actor, article, rule)
            }
            busy={pendingId === article.id}
            {...handlers}
          />
        ))}
        {data && items.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No {label.toLowerCase()} articles{data.page > 1 ? ' on this page' : ''}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
