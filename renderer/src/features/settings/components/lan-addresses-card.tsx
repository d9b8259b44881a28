import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useSystemAddresses } from '@/lib/api/system/get-system-addresses';
import { errorMessage } from '@/lib/api-client';
import { LanAddressCopy } from '@/components/lan-address-copy';
import { SettingsSection } from '@/components/settings-section';

/** What the card says when the server lists no address (it listens on localhost only, or no network). */
const NONE_FOUND =
  'No LAN address found: this PC is not on a network, or the server only accepts connections from this PC (HOST=127.0.0.1). Phones and other PCs cannot reach it until that changes.';

/**
 * The addresses other staff open (issue 23): every IPv4 address of the server's PC on the
 * station network, likeliest first, each with a copy button for a chat message or a bookmark.
 */
export function LanAddressesCard() {
  const lan = useSystemAddresses(true);
  const addresses = lan.data?.addresses ?? [];
  return (
    <SettingsSection
      title="LAN addresses"
      description="Phones and browsers on the station network open CG Bridge at these addresses"
      testId="settings-lan-addresses"
    >
      {lan.isPending && <Loader size="sm" />}
      {lan.error && <Alert color="red">{errorMessage(lan.error, 'Failed to load the LAN addresses')}</Alert>}
      {lan.data && addresses.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="lan-addresses-none">
          {NONE_FOUND}
        </Text>
      )}
      {addresses.length > 0 && (
        <Stack gap={6}>
          {addresses.map((address) => (
            <LanAddressCopy key={address} address={address} />
          ))}
          <Text size="xs" c="dimmed">
            {addresses.length > 1 && 'The first is the likeliest on the station network. '}Phones open these for the
            mobile field page; the QR labels point to one of them.
          </Text>
        </Stack>
      )}
    </SettingsSection>
  );
}
