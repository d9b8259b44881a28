import { Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconCloudDownload, IconCloudUpload, IconRefresh, IconTablePlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { RejectedRow, SheetSyncResult } from '@shared/contracts/google-sheets';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useCleanupDuplicates, useCreateSheet, useSheetSync, type SyncAction } from '../api/google-sheets';

/** Spec 001 §8 fallbacks, per action. */
const FAILED: Record<SyncAction | 'create', string> = {
  'sync-to-sheet': 'Failed to sync data to Google Sheets',
  'sync-from-sheet': 'Failed to sync data from Google Sheets',
  'sync-now': 'Failed to sync data',
  create: 'Failed to create Google Sheets',
};

function RejectedRows({ rows }: { rows: RejectedRow[] }) {
  if (rows.length === 0) return null;
  return (
    <Stack gap={4} data-testid="rejected-rows">
      <Text size="sm" fw={600} c="red">
        {rows.length === 1 ? '1 row was not imported' : `${rows.length} rows were not imported`} — fix{' '}
        {rows.length === 1 ? 'it' : 'them'} in the sheet and sync again:
      </Text>
      <Table withTableBorder striped fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={140}>Row</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.tab}-${r.row}`}>
              <Table.Td>
                {r.tab} {r.row}
              </Table.Td>
              <Table.Td>{r.error}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Sync Now / to / from, Create Sheet and duplicate cleanup (owner/admin), with progress and the outcome. */
export function SyncActions() {
  const sync = useSheetSync();
  const create = useCreateSheet();
  const cleanup = useCleanupDuplicates();
  const [last, setLast] = useState<SheetSyncResult | null>(null);
  const busy = sync.isPending || create.isPending;
  const run = (action: SyncAction) =>
    sync.mutate(action, {
      onSuccess: (result) => {
        setLast(result);
        showToast(
          result.pulled?.rejected.length ? 'Synced with problems' : 'Sync complete',
          result.message,
          result.pulled?.rejected.length ? 'red' : 'green',
        );
      },
      onError: (e) => showToast(FAILED[action], errorMessage(e, FAILED[action]), 'red'),
    });
  const makeSheet = () =>
    create.mutate(undefined, {
      onSuccess: (result) => showToast('Sheet ready', result.message, 'green'),
      onError: (e) => showToast(FAILED.create, errorMessage(e, FAILED.create), 'red'),
    });
  const removeDuplicates = () =>
    cleanup.mutate(undefined, {
      onSuccess: ({ duplicatesRemoved }) =>
        showToast(
          'Duplicates cleaned up',
          duplicatesRemoved === 1 ? '1 duplicate request removed' : `${duplicatesRemoved} duplicate requests removed`,
          'green',
        ),
      onError: (e) =>
        showToast('Failed to clean up duplicates', errorMessage(e, 'Failed to clean up duplicates'), 'red'),
    });
  return (
    <Paper withBorder p="md" radius="md" data-testid="sheets-actions">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Sync
        </Title>
        <Group gap="xs">
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={() => run('sync-now')}
            disabled={busy}
            loading={sync.isPending && sync.variables === 'sync-now'}
          >
            Sync Now
          </Button>
          <Button
            variant="light"
            leftSection={<IconCloudUpload size={16} />}
            onClick={() => run('sync-to-sheet')}
            disabled={busy}
            loading={sync.isPending && sync.variables === 'sync-to-sheet'}
          >
            Sync to Sheet
          </Button>
          <Button
            variant="light"
            leftSection={<IconCloudDownload size={16} />}
            onClick={() => run('sync-from-sheet')}
            disabled={busy}
            loading={sync.isPending && sync.variables === 'sync-from-sheet'}
          >
            Sync from Sheet
          </Button>
          <Button
            variant="default"
            leftSection={<IconTablePlus size={16} />}
            onClick={makeSheet}
            disabled={busy}
            loading={create.isPending}
          >
            Create Sheet
          </Button>
        </Group>
        {busy && (
          <Stack gap={4} data-testid="sync-progress">
            <Progress value={100} animated striped aria-label="Sync in progress" />
            <Text size="xs" c="dimmed">
              Talking to Google Sheets… a large catalogue takes a few seconds.
            </Text>
          </Stack>
        )}
        {last && !busy && (
          <Text size="sm" data-testid="sync-result">
            {last.message}
          </Text>
        )}
        {last?.pulled && <RejectedRows rows={last.pulled.rejected} />}
        <Group justify="space-between" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="sm" c="dimmed" maw={520}>
            Pending requests repeated by the same person for the same item are removed; the oldest of each is kept.
          </Text>
          <Button
            variant="outline"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={removeDuplicates}
            loading={cleanup.isPending}
          >
            Clean Up Duplicates
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
