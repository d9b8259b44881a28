import {
  Alert,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Modal,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import type { News, NewsRevision } from '@shared/contracts/news';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { useNewsRevisions, useNewsStory, useRestoreRevision } from '../api/news-revisions';
import { formatDateTime, PRIORITY_LABELS } from '@/lib/news/news-format';
import { canEditNews } from '../news-permissions';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { InlineDiff } from './inline-diff';

const ACTION_LABELS: Record<NewsRevision['action'], string> = {
  created: 'Created',
  updated: 'Edited',
  restored: 'Restored',
};

const FIELDS = [
  { label: 'Title', of: (r: NewsRevision) => r.title },
  { label: 'Subtitle', of: (r: NewsRevision) => r.subtitle ?? '' },
  { label: 'Content', of: (r: NewsRevision) => r.content },
  { label: 'Category', of: (r: NewsRevision) => r.category },
  { label: 'Priority', of: (r: NewsRevision) => PRIORITY_LABELS[r.priority] },
];

interface Props {
  /** The story whose history is open; null closes the dialog. */
  newsId: number | null;
  /** A revision to show first (a link from the activity log). */
  revisionId?: number | null;
  onClose: () => void;
}

/** A story's revision history (issue 26): every saved text, what each save changed, restore as new. */
export function NewsHistoryDialog({ newsId, revisionId, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={newsId !== null} onClose={onClose} title="Story history" size="xl" fullScreen={fullScreen}>
      {newsId !== null && <History key={newsId} newsId={newsId} initial={revisionId ?? null} />}
    </Modal>
  );
}

function History({ newsId, initial }: { newsId: number; initial: number | null }) {
  const revisions = useNewsRevisions(newsId);
  const story = useNewsStory(newsId);
  const [chosen, setChosen] = useState<number | null>(initial);
  if (revisions.isPending || story.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading history" />
      </Center>
    );
  }
  if (revisions.error || story.error)
    return <Alert color="red">{errorMessage(revisions.error ?? story.error, 'Failed to load the history')}</Alert>;
  const list = revisions.data;
  if (!list.length) return <Text c="dimmed">No saved versions yet.</Text>;
  const index = Math.max(
    0,
    list.findIndex((r) => r.id === chosen),
  );
  return (
    <Stack gap="sm">
      <Title order={3} size="h5" dir="auto">
        {story.data.title}
      </Title>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <ScrollArea.Autosize mah={{ base: 200, sm: 420 }} type="auto">
            <Stack gap={2} role="list" aria-label="Versions">
              {list.map((r, i) => (
                <NavLink
                  key={r.id}
                  role="listitem"
                  active={i === index}
                  onClick={() => setChosen(r.id)}
                  label={`Version ${r.version} · ${ACTION_LABELS[r.action]}`}
                  description={`${r.savedByName ?? 'Someone'} · ${formatDateTime(r.savedAt)}`}
                  leftSection={<IconHistory size={14} />}
                  data-testid={`revision-${r.id}`}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <RevisionDetail
            revision={list[index]!}
            previous={list[index + 1] ?? null}
            newest={index === 0}
            story={story.data}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function RevisionDetail({
  revision,
  previous,
  newest,
  story,
}: {
  revision: NewsRevision;
  previous: NewsRevision | null;
  newest: boolean;
  story: News;
}) {
  const actor = useCurrentUser();
  const restore = useRestoreRevision();
  const changed = FIELDS.filter((f) => !previous || f.of(previous) !== f.of(revision));
  const unchanged = FIELDS.filter((f) => !changed.includes(f)).map((f) => f.label);
  const from = revision.action === 'restored' ? ' (an earlier version brought back)' : '';
  const confirmRestore = () =>
    modals.openConfirmModal({
      title: 'Restore this version',
      children: (
        <Text size="sm">
          The story gets this text as a new version {story.version + 1}; nothing in the history is lost.
        </Text>
      ),
      labels: { confirm: 'Restore', cancel: 'Cancel' },
      onConfirm: () =>
        restore.mutate(
          { newsId: story.id, revisionId: revision.id, version: story.version },
          {
            onSuccess: () => toastSuccess(`Story restored to version ${revision.version}`),
            onError: (e) => toastFailure('Failed to restore the version', e),
          },
        ),
    });
  return (
    <Stack gap="xs" data-testid="revision-detail">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Version {revision.version} — {ACTION_LABELS[revision.action].toLowerCase()} by{' '}
          {revision.savedByName ?? 'someone'}, {formatDateTime(revision.savedAt)}
          {from}
        </Text>
        {!newest && canEditNews(actor, story) && (
          <Button size="compact-sm" variant="light" loading={restore.isPending} onClick={confirmRestore}>
            Restore this version
          </Button>
        )}
      </Group>
      {changed.map((f) => (
        <div key={f.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {f.label}
          </Text>
          <InlineDiff before={previous ? f.of(previous) : ''} after={f.of(revision)} />
        </div>
      ))}
      {previous && unchanged.length > 0 && (
        <Text size="xs" c="dimmed">
          Unchanged: {unchanged.join(', ')}
        </Text>
      )}
    </Stack>
  );
}
