import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { OverlayOutput } from '@shared/contracts/overlay';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { useSystemAddresses } from '@/lib/api/system/get-system-addresses';
import { syncOrigins } from '@/lib/sync-address';
import { CopyValue } from '@/components/copy-value';
import { OtherServerUrls } from '@/components/other-server-urls';
import { SettingsSection } from '@/components/settings-section';
import { useRotateOverlayKey } from '../api/rotate-overlay-key';
import { overlayConnectedText } from '../overlay-connected-text';

/**
 * The overlay URL for OBS / vMix / CasparCG with an address the playout PC can open (the
 * server's LAN address, as the API-key dialog's sync URL), Copy, and Rotate key behind a question
 * that says how many overlays it will blank (previews included and named: overlay-connected-text.ts).
 */
export function OverlayUrlCard({ output, onAsk }: { output: OverlayOutput; onAsk?: () => void }) {
  const addresses = useSystemAddresses(true);
  const pageOrigin = window.location.origin;
  const { origins, onlyLoopback } = syncOrigins(pageOrigin, addresses.data?.addresses ?? []);
  const [picked, setPicked] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const rotate = useRotateOverlayKey();
  const origin = picked && origins.includes(picked) ? picked : (origins[0] ?? pageOrigin);
  const url = `${origin}${output.path}`;

  // The count in the question should be now's: the page refetches as it opens.
  const ask = () => {
    onAsk?.();
    setAsking(true);
  };
  const confirmRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        showToast(
          'Overlay key rotated',
          'Paste the new URL into every graphics program that used the old one.',
          'green',
        );
      },
      onError: (error) =>
        showToast('Could not rotate the key', errorMessage(error, 'Failed to rotate the overlay key'), 'red'),
    });

  return (
    <SettingsSection
      title="HTML overlay"
      description="A transparent 1920×1080 page with the station's graphics, for an OBS browser source, a vMix web browser input or a CasparCG HTML producer. No login: the key in the address is the password."
      testId="overlay-url-card"
    >
      {origins.length > 1 && (
        <Select
          label="Server address"
          description="Pick the one on the playout PC's network"
          data={origins}
          value={origin}
          allowDeselect={false}
          onChange={setPicked}
          maw={360}
        />
      )}
      {onlyLoopback && addresses.isFetched && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="The playout PC cannot open this address"
          data-testid="overlay-address-warning"
        >
          This page is open at {pageOrigin}, which on the playout PC means the playout PC itself. Use this PC&apos;s
          address on the station network in place of {new URL(pageOrigin).host}.
        </Alert>
      )}
      <CopyValue value={url} label="overlay URL" testId="overlay-url" />
      <OtherServerUrls
        title="The same overlay on the station's other servers"
        hint="An overlay that is open moves to a living server by itself. If this PC is down when a graphics program starts, give it one of these."
        urlOn={(server) => `${server}${output.path}`}
        label="overlay URL"
        testId="overlay-other-servers"
      />
      <Group gap="sm">
        <Anchor href={output.path} target="_blank" rel="noreferrer" size="sm">
          <Group gap={4} wrap="nowrap">
            <IconExternalLink size={14} /> Open in a new tab
          </Group>
        </Anchor>
        <Button variant="light" color="red" size="xs" leftSection={<IconRefresh size={14} />} onClick={ask}>
          Rotate key
        </Button>
      </Group>
      <Text size="xs" c="dimmed" data-testid="overlay-connected">
        {overlayConnectedText(output)} Key made {new Date(output.createdAt).toLocaleString()}. Rotate it if the address
        was shared where it should not be.
      </Text>
      <Modal
        opened={asking}
        onClose={() => !rotate.isPending && setAsking(false)}
        title="Rotate the overlay key?"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {overlayConnectedText(output)} Every graphics program using the current address goes blank at once, on air
            included. You then paste the new address into each of them.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={rotate.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmRotate} loading={rotate.isPending}>
              Rotate key
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsSection>
  );
}
