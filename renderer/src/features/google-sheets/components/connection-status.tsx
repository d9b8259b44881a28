import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPlugConnected } from '@tabler/icons-react';
import type { GoogleSheetsStatus } from '@shared/contracts/google-sheets';
import { showToast } from '@/lib/toast';
import { useSheetUrl, useSheetsStatus } from '../api/google-sheets';

/** Spec 001 §3: connected, sync active, or disconnected. */
function StatusBadge({ status }: { status: GoogleSheetsStatus | undefined }) {
  if (!status)
    return (
      <Badge color="gray" variant="light">
        Checking
      </Badge>
    );
  if (status.connected && status.syncWorking) return <Badge color="green">Sync active</Badge>;
  if (status.connected) return <Badge color="yellow">Connected</Badge>;
  return <Badge color="red">Disconnected</Badge>;
}

/** Spec 001 §8: a connection error mentioning permission shows the fix. */
export function PermissionFix({
  error,
  email,
}: {
  error: string | null | undefined;
  email: string | null | undefined;
}) {
  if (!error || !/permission/i.test(error)) return null;
  return (
    <Alert color="orange" title="The service account cannot open the sheet" data-testid="permission-fix">
      Share the sheet with the service account as Editor{email ? `: ${email}` : ''}. In the sheet, click Share, paste
      the address, choose Editor, then Test Connection again.
    </Alert>
  );
}

/** Status, the reason when it is not working, the sheet link and Test Connection. */
export function ConnectionStatus({
  serviceAccountEmail,
  manager,
}: {
  serviceAccountEmail?: string | null;
  manager: boolean;
}) {
  const status = useSheetsStatus();
  const url = useSheetUrl();
  const s = status.data;
  const test = async () => {
    const res = await status.refetch();
    if (res.isError) showToast('Failed to test connection', 'The server did not answer; try again.', 'red');
    else if (res.data?.connected)
      showToast(
        'Connection OK',
        res.data.syncWorking
          ? 'The sheet is reachable and sync is working.'
          : (res.data.error ?? 'The sheet is reachable.'),
        'green',
      );
    else showToast('Failed to test connection', res.data?.error ?? 'Not connected', 'red');
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="sheets-status">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text fw={600}>Status</Text>
            <Text size="sm" c="dimmed">
              {!s
                ? 'Asking Google…'
                : s.connected && s.syncWorking
                  ? 'To the sheet when data changes, from the sheet every 30 minutes.'
                  : s.error}
              {s && !s.connected && !manager ? ' An owner or admin connects the sheet.' : ''}
            </Text>
          </div>
          <Group gap="xs">
            <StatusBadge status={s} />
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlugConnected size={14} />}
              loading={status.isFetching}
              onClick={() => void test()}
            >
              Test Connection
            </Button>
          </Group>
        </Group>
        <PermissionFix error={s?.error} email={serviceAccountEmail} />
        {url.data?.url ? (
          <Anchor href={url.data.url} target="_blank" rel="noreferrer" size="sm">
            <Group gap={4} component="span">
              <IconExternalLink size={14} /> Open Google Sheet
            </Group>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            No sheet linked yet.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
