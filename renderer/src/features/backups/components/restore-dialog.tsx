import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { BackupItem } from '@shared/contracts/backups';
import { errorMessage } from '@/lib/api-client';
import { useRestoreBackup } from '../api/backups-api';

/**
 * Restore (issue 41), the host station's owner only: the backup's date, stations and counts, what
 * happens to everything since, and the host station's name typed to confirm — as the command line asks.
 */
export function RestoreDialog({ backup, onClose }: { backup: BackupItem | null; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const restore = useRestoreBackup();
  const host = backup?.stations[0] ?? '';
  const close = () => {
    setTyped('');
    restore.reset();
    onClose();
  };
  return (
    <Modal opened={backup !== null} onClose={close} title="Restore this backup" size="lg">
      {backup && (
        <Stack gap="sm">
          <Text>
            Taken <strong>{new Date(backup.createdAt).toLocaleString()}</strong> ({backup.reason}). Stations:{' '}
            {backup.stations.join(', ')}.
          </Text>
          <List size="sm">
            {Object.entries(backup.counts)
              .filter(([table, n]) => n > 0 && !table.startsWith('__'))
              .slice(0, 12)
              .map(([table, n]) => (
                <List.Item key={table}>
                  {table.replaceAll('_', ' ')}: {n}
                </List.Item>
              ))}
          </List>
          <Alert color="red" title="Every station on this server goes back to this backup">
            Everything saved since — stories, texts, loans, users — is replaced. The store as it is now is backed up
            first. The server restarts for a few seconds: the CG texts become the backup&apos;s, every screen reloads,
            and people whose sign-in is newer than the backup sign in again.
          </Alert>
          <TextInput
            label={`Type the station name "${host}" to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
          />
          {restore.error && <Alert color="red">{errorMessage(restore.error, 'The restore was refused')}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={restore.isPending || restore.isSuccess}>
              Cancel
            </Button>
            <Button
              color="red"
              disabled={typed.trim() !== host}
              loading={restore.isPending || restore.isSuccess}
              onClick={() => restore.mutate({ name: backup.name, stationName: typed })}
            >
              Restore
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
