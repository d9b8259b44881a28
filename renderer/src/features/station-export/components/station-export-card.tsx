import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { isDev } from '@shared/roles';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useCurrentUser } from '@/lib/session-store';
import { SettingsSection } from '@/components/settings-section';
import { downloadStationExport } from '../api/station-export-api';

/**
 * Settings → Export station data (issue 41): this station's data as one archive, for the owner
 * (and roletype dev) only — the server refuses anyone else. What is in it and what is not is said
 * here, so nobody expects a password or a bot token to move with it.
 */
export function StationExportCard() {
  const actor = useCurrentUser();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (actor.role !== 'owner' && !isDev(actor)) return null;
  const onDownload = () => {
    setDownloading(true);
    setError(null);
    downloadStationExport()
      .then((name) => showToast('Export downloaded', name, 'green'))
      .catch((err: unknown) => setError(errorMessage(err, 'The export failed')))
      .finally(() => setDownloading(false));
  };
  return (
    <SettingsSection
      title="Export station data"
      description="This station's data in one file, to move it to another CG Bridge server"
      testId="settings-station-export"
      actions={
        <Button
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={onDownload}
          data-testid="station-export-download"
        >
          Download export
        </Button>
      }
    >
      <Text size="sm">
        A <code>.tar</code> file of this station only: stories and their revisions, bulletins, prompters, CG texts (and
        the files of the CG folder), equipment and loans, users, settings, API key names, outputs, the as-run log and
        the activity history, with a manifest of row counts and checksums. Other stations on this server are never in
        it.
      </Text>
      <Text size="sm" fw={500}>
        Not in it — set these again after an import:
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>passwords (every user sets a new one) and sign-ins</List.Item>
        <List.Item>API key secrets, the overlay address key and the update-feed key</List.Item>
        <List.Item>the Telegram bot token, the Google Sheets key and output passwords</List.Item>
        <List.Item>App Version installer files and backups</List.Item>
      </List>
      {error && (
        <Group>
          <Alert color="red" w="100%">
            {error}
          </Alert>
        </Group>
      )}
    </SettingsSection>
  );
}
