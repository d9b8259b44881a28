import { Alert, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useSystemAddresses } from '@/lib/api/system/get-system-addresses';
import { syncOrigins, syncUrl } from '@/lib/sync-address';
import { CopyValue } from '@/components/copy-value';
import { OtherServerUrls } from '@/components/other-server-urls';

/**
 * The CG sync URL with an address the graphics PC can open: the server's first LAN address, the
 * others selectable; a warning (worded as the labels page's) when only localhost is known.
 */
export function SyncUrlField({ apiKey }: { apiKey: string }) {
  const addresses = useSystemAddresses(true);
  const pageOrigin = window.location.origin;
  const { origins, onlyLoopback } = syncOrigins(pageOrigin, addresses.data?.addresses ?? []);
  const [picked, setPicked] = useState<string | null>(null);
  const origin = picked && origins.includes(picked) ? picked : (origins[0] ?? pageOrigin);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        CG sync URL
      </Text>
      {origins.length > 1 && (
        <Select
          label="Server address"
          description="Pick the one on the graphics PC's network"
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
          title="The graphics PC cannot open this address"
          data-testid="sync-address-warning"
        >
          This page is open at {pageOrigin}, which on the graphics PC means the graphics PC itself. Use this PC&apos;s
          address on the station network (the one phones use) in place of {new URL(pageOrigin).host}.
        </Alert>
      )}
      <CopyValue value={syncUrl(apiKey, origin)} label="sync URL" testId="new-api-key-url" />
      <OtherServerUrls
        title="The same on the station's other servers"
        hint="A graphics program reading by key does not move to another server by itself: give it these too, for when this PC is down."
        urlOn={(server) => syncUrl(apiKey, server)}
        label="sync URL"
        testId="sync-other-servers"
      />
    </Stack>
  );
}
