import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isValidDesktopPort, type DesktopApi } from '@shared/desktop-api';
import { desktopApi } from '@/lib/desktop';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { SettingsSection } from '@/components/settings-section';

const portKey = ['desktop', 'port'] as const;

/**
 * The MCR PC's own settings (issue 23), shown only in the CG Bridge desktop window: a LAN browser
 * has no desktop bridge and sees nothing here. The port is saved in the app's userData and used
 * from the next start, so no connected screen is cut off by saving it.
 */
export function DesktopAppCard() {
  const api = desktopApi();
  return api ? <DesktopPortForm api={api} /> : null;
}

function DesktopPortForm({ api }: { api: DesktopApi }) {
  const queryClient = useQueryClient();
  const port = useQuery({ queryKey: portKey, queryFn: () => api.getPort() });
  const info = useQuery({ queryKey: ['desktop', 'info'], queryFn: () => api.info() });
  const [draft, setDraft] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (value: number) => api.setPort(value),
    onSuccess: (saved) => {
      queryClient.setQueryData(portKey, saved);
      setDraft(null);
      showToast('Port saved', `CG Bridge uses port ${saved.saved} from its next start.`, 'green');
    },
    onError: (error) => showToast('Failed to save the port', errorMessage(error), 'red'),
  });
  const saved = port.data?.saved;
  const value = draft ?? saved ?? null;
  const valid = isValidDesktopPort(value);
  const pendingRestart = port.data && port.data.saved !== port.data.current;
  return (
    <SettingsSection
      title="Desktop app"
      description="This PC's CG Bridge app: the port other screens use to reach it"
      testId="settings-desktop-app"
    >
      {info.data && (
        <Text size="sm" c="dimmed">
          CG Bridge {info.data.version}
        </Text>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Server port"
          description="Takes effect when CG Bridge is started again"
          min={1024}
          max={65535}
          allowDecimal={false}
          value={value ?? ''}
          onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
          error={value !== null && !valid ? 'Use a port from 1024 to 65535' : undefined}
          w={220}
        />
        <Button
          onClick={() => valid && save.mutate(value)}
          loading={save.isPending}
          disabled={!valid || value === saved}
        >
          Save
        </Button>
      </Group>
      {pendingRestart && (
        <Text size="sm" c="orange" data-testid="desktop-port-restart">
          The server runs on port {port.data?.current} until CG Bridge is restarted; then it uses port{' '}
          {port.data?.saved}, and browsers, phones and bookmarks must use the new address.
        </Text>
      )}
    </SettingsSection>
  );
}
