import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Collapse,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconChevronRight, IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { WireFeed } from '@shared/contracts/wires';
import { errorMessage } from '@/lib/api-client';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { useDeleteFeed, usePollFeed, useWireFeeds } from '@/lib/api/wires/wires';
import { useWireTime } from '../wire-time';
import { FeedFormDialog } from './feed-form-dialog';
import { isFailing } from '../feed-state';

/** Owner/admin: the station's feeds, each with its state (last success, last error, items). */
export function FeedList() {
  const feeds = useWireFeeds(true);
  const [editing, setEditing] = useState<WireFeed | 'new' | null>(null);
  // On a phone the items matter most: the feed rows fold away (their count and failures stay in view).
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? !phone;
  const failing = feeds.data?.filter(isFailing).length ?? 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="wire-feeds-title">
      <Group justify="space-between" mb={shown ? 'sm' : 0}>
        <UnstyledButton onClick={() => setOpen(!shown)} aria-expanded={shown} aria-controls="wire-feeds-rows">
          <Group gap={6} wrap="nowrap">
            {shown ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            <Title order={2} size="h5" id="wire-feeds-title">
              Feeds {feeds.data ? `(${feeds.data.length})` : ''}
            </Title>
            {failing > 0 && <Badge color="red">{failing} failing</Badge>}
          </Group>
        </UnstyledButton>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')}>
          Add feed
        </Button>
      </Group>
      <Collapse expanded={shown} id="wire-feeds-rows">
        {feeds.isPending && (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        )}
        {feeds.error && <Alert color="red">{errorMessage(feeds.error, 'Failed to load feeds')}</Alert>}
        {feeds.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            No feeds yet. Add an agency&apos;s or outlet&apos;s RSS, Atom or JSON feed; new items are polled every few
            minutes.
          </Text>
        )}
        <Stack gap="xs">
          {feeds.data?.map((feed) => (
            <FeedRow key={feed.id} feed={feed} onEdit={() => setEditing(feed)} />
          ))}
        </Stack>
      </Collapse>
      <FeedFormDialog editing={editing} onClose={() => setEditing(null)} />
    </Paper>
  );
}

function FeedRow({ feed, onEdit }: { feed: WireFeed; onEdit: () => void }) {
  const time = useWireTime();
  const poll = usePollFeed();
  const remove = useDeleteFeed();
  const pollNow = () =>
    poll.mutate(feed.id, {
      onSuccess: (after) =>
        after.lastError
          ? toastFailure(`${feed.name} could not be read`, new Error(after.lastError))
          : toastSuccess(`${feed.name} polled`),
      onError: (error) => toastFailure('Failed to poll feed', error),
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete feed',
      children: (
        <Text size="sm">
          Delete <b dir="auto">{feed.name}</b> and its {itemsText(feed.itemCount)}? Stories already made from it stay.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(feed.id, {
          onSuccess: () => toastSuccess('Feed deleted'),
          onError: (error) => toastFailure('Failed to delete feed', error),
        }),
    });

  return (
    <Paper withBorder radius="sm" p="sm" data-testid={`wire-feed-${feed.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} dir="auto">
              {feed.name}
            </Text>
            <FeedState feed={feed} />
            <Text size="xs" c="dimmed">
              {itemsText(feed.itemCount)}
            </Text>
          </Group>
          <Anchor
            href={feed.url}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            c="dimmed"
            dir="ltr"
            style={{ overflowWrap: 'anywhere' }}
          >
            {feed.url}
          </Anchor>
          <Text size="xs" c="dimmed">
            Last success: {time(feed.lastSuccessAt)}
            {feed.nextPollAt && ` · next poll ${time(feed.nextPollAt)}`}
          </Text>
          {feed.lastError && (
            <Text size="sm" c="red" role="status" data-testid="wire-feed-error">
              {feed.lastError}
            </Text>
          )}
        </Stack>
        <Group gap={6}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={poll.isPending}
            onClick={pollNow}
            aria-label={`Poll ${feed.name} now`}
          >
            Poll now
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            aria-label={`Edit ${feed.name}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={remove.isPending}
            onClick={confirmDelete}
            aria-label={`Delete ${feed.name}`}
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

function FeedState({ feed }: { feed: WireFeed }) {
  if (!feed.enabled) return <Badge color="gray">Paused</Badge>;
  if (isFailing(feed))
    return <Badge color="red">{feed.failures > 1 ? `Failing (${feed.failures}×)` : 'Failing'}</Badge>;
  // A message without a failure: the server was busy and reads the feed again shortly.
  if (feed.lastError) return <Badge color="orange">Retrying</Badge>;
  if (!feed.lastPolledAt) return <Badge color="blue">Waiting</Badge>;
  return <Badge color="green">OK</Badge>;
}
