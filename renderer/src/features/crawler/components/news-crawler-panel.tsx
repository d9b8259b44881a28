import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconRefresh, IconTrash, IconNews } from '@tabler/icons-react';
import { useState } from 'react';
import { can } from '@shared/roles';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { useCrawlerContent } from '@/lib/api/crawler/get-crawler-content';
import { GENERATE_SOURCE } from '@/lib/crawler/generate-confirm';
import { useCrawlerActions, type CrawlerActions } from '../use-crawler-actions';
import { AddHeadlineDialog } from './add-headline-dialog';
import { HeadlineList } from './headline-list';

function PanelButtons({ actions, count, onAdd }: { actions: CrawlerActions; count: number | null; onAdd: () => void }) {
  const { pending } = actions;
  return (
    <Group gap="xs">
      <Button
        size="xs"
        leftSection={<IconRefresh size={14} />}
        loading={pending.generate}
        disabled={pending.generate}
        onClick={() => actions.generate(count)}
      >
        Generate from Approved News
      </Button>
      <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAdd}>
        Add Headline
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        disabled={pending.clear || !count}
        onClick={actions.clear}
      >
        Clear All
      </Button>
    </Group>
  );
}

function PanelBody({ editable, actions }: { editable: boolean; actions: CrawlerActions }) {
  const content = useCrawlerContent();
  if (content.isPending) {
    return (
      <Text size="sm" c="dimmed" data-testid="crawler-loading">
        Loading headlines...
      </Text>
    );
  }
  if (content.error && !content.data) {
    return (
      <Alert color="red" variant="light" data-testid="crawler-error">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{errorMessage(content.error)}</Text>
          <Button size="compact-xs" variant="default" onClick={() => void content.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  const headlines = content.data?.headlines ?? [];
  if (headlines.length === 0) {
    return (
      <Alert color="gray" variant="light" data-testid="crawler-empty">
        No headlines in news crawler. Generate from approved news or add manually.
      </Alert>
    );
  }
  return <HeadlineList headlines={headlines} editable={editable} actions={actions} />;
}

/**
 * News Crawler Management (docs/product.md §Screens and routes): the on-air ticker's lines. Operators with CG rights
 * generate, add, edit, reorder, remove and clear; everyone else reads the list.
 */
export function NewsCrawlerPanel() {
  const user = useCurrentUser();
  const editable = can(user, 'cg.write');
  const content = useCrawlerContent();
  const actions = useCrawlerActions();
  const [adding, setAdding] = useState(false);
  // Unknown while loading: not "0 headlines".
  const count = content.data?.count ?? null;

  return (
    <Paper withBorder radius="md" p="sm" data-testid="news-crawler-panel">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconNews size={18} style={{ flexShrink: 0 }} />
            <Title order={2} fz={{ base: 'md', sm: 'lg' }}>
              News Crawler Management
            </Title>
            <Badge
              variant="light"
              size="md"
              style={{ flexShrink: 0 }}
              aria-label={count === null ? 'Headlines loading' : `${count} headlines`}
              data-testid="crawler-count"
            >
              {count ?? '…'}
            </Badge>
          </Group>
          {editable && <PanelButtons actions={actions} count={count} onAdd={() => setAdding(true)} />}
        </Group>
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              Current Headlines
            </Text>
            {content.data?.staged && (
              <Badge color="green" size="sm" radius="xs" data-testid="crawler-staged">
                In NEXT — not on air until Take
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" data-testid="crawler-source">
            {GENERATE_SOURCE}
          </Text>
        </Group>
        <PanelBody editable={editable} actions={actions} />
      </Stack>
      {editable && (
        <AddHeadlineDialog
          opened={adding}
          pending={actions.pending.add}
          onClose={() => setAdding(false)}
          onAdd={actions.add}
        />
      )}
    </Paper>
  );
}
