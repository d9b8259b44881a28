import { Button, FileButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { GoogleSheetsSettings, GoogleSheetsSettingsInput } from '@shared/contracts/google-sheets';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useSaveSheetsSettings } from '../api/google-sheets';

const ago = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

function SheetField({ saved, saving, onSave }: { saved: string; saving: boolean; onSave: (id: string) => void }) {
  const [sheet, setSheet] = useState(saved);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label="Sheet ID or URL"
        description="Paste the address of a sheet shared with the service account as Editor, or leave empty and use Create Sheet."
        placeholder="https://docs.google.com/spreadsheets/d/…/edit"
        value={sheet}
        onChange={(e) => setSheet(e.currentTarget.value)}
      />
      <Button onClick={() => onSave(sheet)} disabled={saving || sheet === saved}>
        Save Sheet
      </Button>
    </Group>
  );
}

/**
 * The service-account key (uploaded as its .json file; write-only: the page only learns its
 * address) and the sheet's ID or URL. Owner/admin.
 */
export function ConnectionForm({ settings }: { settings: GoogleSheetsSettings | undefined }) {
  const save = useSaveSheetsSettings();
  const send = (body: GoogleSheetsSettingsInput, done: string) =>
    save.mutate(body, {
      onSuccess: () => showToast('Google Sheets', done, 'green'),
      onError: (e) => showToast('Failed to update settings', errorMessage(e, 'Failed to update settings'), 'red'),
    });
  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > 20_000)
      return showToast('Failed to update settings', 'That file is too large for a service-account key (.json)', 'red');
    send({ serviceAccountKey: await file.text() }, 'Service-account key saved');
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="sheets-connection">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Connection
        </Title>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6}>
            <IconKey size={16} />
            <Text size="sm" data-testid="service-account">
              {settings?.keySet
                ? `Service account: ${settings.serviceAccountEmail ?? 'key stored'}`
                : 'No service-account key uploaded'}
            </Text>
          </Group>
          <Group gap="xs">
            <FileButton onChange={(f) => void upload(f)} accept="application/json,.json">
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} />}
                  loading={save.isPending}
                >
                  {settings?.keySet ? 'Replace Key' : 'Upload Key (.json)'}
                </Button>
              )}
            </FileButton>
            {settings?.keySet && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => send({ serviceAccountKey: null }, 'Service-account key removed')}
                disabled={save.isPending}
              >
                Remove Key
              </Button>
            )}
          </Group>
        </Group>
        {/* Keyed by the saved id: the field starts over from what the server holds after a save. */}
        <SheetField
          key={settings?.spreadsheetId ?? ''}
          saved={settings?.spreadsheetId ?? ''}
          saving={save.isPending}
          onSave={(id) => send({ spreadsheetId: id }, 'Sheet saved')}
        />
        <Text size="xs" c="dimmed">
          Last written to the sheet: {ago(settings?.lastPushAt ?? null)} · last read from it:{' '}
          {ago(settings?.lastPullAt ?? null)}
        </Text>
      </Stack>
    </Paper>
  );
}
