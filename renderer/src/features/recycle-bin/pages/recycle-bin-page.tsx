import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconRefresh, IconTrash, IconTrashX } from '@tabler/icons-react';
import { RECYCLE_BIN_HOURS, retentionText } from '@shared/recycle-bin-retention';
import { can } from '@shared/roles';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { useSettings } from '@/lib/api/settings/get-settings';
import { useRecycleBin } from '@/lib/api/recycle-bin/get-recycle-bin';
import { AccessDenied } from '@/components/access-denied';
import { DeletedNewsCard } from '../components/deleted-news-card';
import { useRecycleBinActions } from '../hooks/use-recycle-bin-actions';
import { useNow } from '@/lib/use-now';

/** Countdowns change by the minute; a 30 s tick keeps them at most half a minute behind. */
const TICK_MS = 30_000;

function EmptyBin() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap={4}>
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconTrash size={26} />
        </ThemeIcon>
        <Text fw={600} mt="xs">
          No deleted news
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          The recycle bin is empty. Deleted news articles will appear here.
        </Text>
      </Stack>
    </Paper>
  );
}

/** Recycle Bin (docs/product.md §Screens and routes): deleted news kept 2 hours (or the station's longer time, issue 39), restorable until purged. */
export default function RecycleBinPage() {
  const user = useCurrentUser();
  const allowed = can(user, 'recycleBin.manage');
  const bin = useRecycleBin(allowed);
  // The station may keep deleted stories longer than the spec's 2 hours (issue 39).
  const hours = useSettings(allowed && can(user, 'settings.manage')).data?.recycleBinHours ?? RECYCLE_BIN_HOURS.default;
  const actions = useRecycleBinActions();
  const now = useNow(TICK_MS);

  const buttons = allowed && (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        loading={bin.isFetching}
        onClick={() => void bin.refetch()}
      >
        Refresh
      </Button>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrashX size={16} />}
        loading={actions.cleaning}
        onClick={actions.cleanup}
      >
        Manual Cleanup
      </Button>
    </Group>
  );
  const description = (
    <>
      Deleted news articles are permanently deleted automatically after {retentionText(hours)}.
      {bin.data && bin.data.length > 0 && (
        <Badge component="span" ml="xs" size="sm" variant="light" color="gray">
          {bin.data.length} {bin.data.length === 1 ? 'item' : 'items'}
        </Badge>
      )}
    </>
  );

  return (
    <Stack gap="md">
      <PageTitle title="Recycle Bin" description={description} actions={buttons} />
      {!allowed && <AccessDenied who="admins and owners" />}
      {allowed && bin.isPending && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {bin.error && <Alert color="red">{errorMessage(bin.error, 'Failed to load the recycle bin')}</Alert>}
      {bin.data?.length === 0 && <EmptyBin />}
      {bin.data?.map((item) => (
        <DeletedNewsCard
          key={item.id}
          item={item}
          now={now}
          busy={actions.pendingId === item.id}
          onRestore={actions.restore}
          onDeleteForever={actions.confirmDeleteForever}
        />
      ))}
    </Stack>
  );
}
