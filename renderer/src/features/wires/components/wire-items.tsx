import { Alert, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { WIRE_LIMITS, type WireItem } from '@shared/contracts/wires';
import { errorMessage } from '@/lib/api-client';
import { toastFailure, toastSuccess } from '@/lib/toast';
import { NewsPager } from '@/components/news/news-pager';
import { useMakeStory, useWireItems } from '@/lib/api/wires/wires';
import { useWireTime } from '../wire-time';
import { WireItemCard } from './wire-item-card';

/** The wires list: newest first, searchable; "Make a story" opens the new draft in News. */
export function WireItems({ canManage }: { canManage: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const items = useWireItems(debounced, page);
  const time = useWireTime();
  const make = useMakeStory();
  const navigate = useNavigate();
  const last = Math.max(1, Math.ceil((items.data?.total ?? 0) / (items.data?.limit ?? 1)));
  if (items.data && !items.isPlaceholderData && page > last) setPage(last);

  const onMakeStory = (item: WireItem) => {
    if (item.newsId !== null) return void navigate(`/news?edit=${item.newsId}`);
    make.mutate(item.id, {
      onSuccess: (result) => {
        if (result.created)
          toastSuccess('Draft created from the wire; rewrite it, then press Submit for approval on News');
        void navigate(`/news?edit=${result.newsId}`);
      },
      onError: (error) => toastFailure('Failed to make a story', error),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="wire-items-title">
      <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
        <Title order={2} size="h5" id="wire-items-title">
          Wire items{' '}
          {items.data ? (
            <Text span c="dimmed" size="sm">
              ({items.data.total})
            </Text>
          ) : null}
        </Title>
        <TextInput
          aria-label="Search wires"
          placeholder="Search title or summary"
          leftSection={<IconSearch size={14} />}
          dir="auto"
          maxLength={WIRE_LIMITS.search}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 14rem', maxWidth: '24rem' }}
        />
      </Group>
      {items.isPending && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {items.error && <Alert color="red">{errorMessage(items.error, 'Failed to load wires')}</Alert>}
      {items.data?.total === 0 && (
        <Text size="sm" c="dimmed" py="md" ta="center">
          {debounced
            ? `Nothing on the wires matches “${debounced}”.`
            : canManage
              ? 'No wire items yet. Add a feed above; its items appear here.'
              : 'No wire items yet. An owner or admin adds the feeds.'}
        </Text>
      )}
      <Stack gap="xs">
        {items.data?.items.map((item) => (
          <WireItemCard
            key={item.id}
            item={item}
            time={time}
            making={make.isPending && make.variables === item.id}
            onMakeStory={onMakeStory}
          />
        ))}
      </Stack>
      {last > 1 && (
        <Group justify="center" mt="sm">
          <NewsPager page={page} lastPage={last} onPage={setPage} />
        </Group>
      )}
    </Paper>
  );
}
