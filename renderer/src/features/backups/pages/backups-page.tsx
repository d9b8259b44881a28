import { Alert, Button, Card, Center, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDatabaseExport } from '@tabler/icons-react';
import { useState } from 'react';
import type { BackupItem, BackupOverview } from '@shared/contracts/backups';
import { PageTitle } from '@/app/page-title';
import { errorMessage } from '@/lib/api-client';
import { downloadBackup, useBackUpNow, useBackups } from '../api/backups-api';
import { BackupSettingsForm } from '../components/backup-settings-form';
import { BackupsTable } from '../components/backups-table';
import { RestoreDialog } from '../components/restore-dialog';

/** The off-PC state in plain words: a copy older than two intervals is a warning, a failure an error. */
function OffsiteStatus({ overview }: { overview: BackupOverview }) {
  const { offsite, settings } = overview;
  if (!settings.offsiteFolder)
    return (
      <Alert color="yellow">
        No off-PC folder is set: every backup is on this PC only. A dead disk would take them with it.
      </Alert>
    );
  const last = offsite.lastCopyAt ? new Date(offsite.lastCopyAt).toLocaleString() : 'never';
  return (
    <Stack gap="xs">
      {offsite.stale && <Alert color="red">The last off-PC copy ({last}) is older than two backup intervals.</Alert>}
      {offsite.lastError && <Alert color="red">Last off-PC copy failed: {offsite.lastError}</Alert>}
      {!offsite.stale && !offsite.lastError && (
        <Alert color="green">
          Last off-PC copy to {settings.offsiteFolder}: {last}.
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Settings → Backups (issue 41): backups of the whole server (every station), for the host
 * station's owner and roletype dev. Restore here (the host station's owner) or, with the server
 * stopped, `npm run restore -- <file>` (docs/backups.md).
 */
export default function BackupsPage() {
  const backups = useBackups();
  const backUp = useBackUpNow();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [toRestore, setToRestore] = useState<BackupItem | null>(null);
  const onDownload = (name: string) => {
    setDownloading(name);
    setDownloadError(null);
    downloadBackup(name)
      .catch((err: unknown) => setDownloadError(errorMessage(err, 'The download failed')))
      .finally(() => setDownloading(null));
  };
  const action = (
    <Button
      leftSection={<IconDatabaseExport size={16} />}
      loading={backUp.isPending}
      onClick={() => backUp.mutate()}
      disabled={!backups.data}
    >
      Back up now
    </Button>
  );
  return (
    <Stack gap="md">
      <PageTitle
        title="Backups"
        description="Verified copies of every station on this server, on this PC and off it"
        actions={action}
      />
      {backups.isPending && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {backups.error && <Alert color="red">{errorMessage(backups.error, 'Failed to load backups')}</Alert>}
      {backUp.error && <Alert color="red">{errorMessage(backUp.error, 'The backup failed')}</Alert>}
      {downloadError && <Alert color="red">{downloadError}</Alert>}
      {backups.data && (
        <>
          {backups.data.lastError && <Alert color="red">Last backup failed: {backups.data.lastError}</Alert>}
          <OffsiteStatus overview={backups.data} />
          <Card withBorder>
            <Title order={4} mb="sm">
              Backups
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Kept in {backups.data.folder}.{' '}
              {backups.data.canRestore
                ? 'Restore one here, or'
                : "The host station's owner restores one here, or anyone"}{' '}
              with <code>npm run restore -- &lt;file&gt;</code> while CG Bridge is stopped.
            </Text>
            <BackupsTable
              backups={backups.data.backups}
              onDownload={onDownload}
              downloading={downloading}
              onRestore={backups.data.canRestore ? setToRestore : null}
            />
            <RestoreDialog backup={toRestore} onClose={() => setToRestore(null)} />
          </Card>
          <Card withBorder>
            <Title order={4} mb="sm">
              Settings
            </Title>
            <BackupSettingsForm settings={backups.data.settings} />
          </Card>
          <Card withBorder>
            <Title order={5} mb="xs">
              Not in a backup
            </Title>
            <List size="sm">
              {backups.data.notIncluded.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Card>
        </>
      )}
    </Stack>
  );
}
