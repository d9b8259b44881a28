import { Group, Paper, Text } from '@mantine/core';
import { IconNetwork } from '@tabler/icons-react';
import { can } from '@shared/roles';
import { useCurrentUser } from '@/lib/session-store';
import { useSystemAddresses } from '@/lib/api/system/get-system-addresses';
import { LanAddressCopy } from '@/components/lan-address-copy';

/**
 * One compact line with the server's LAN addresses, for owners and admins (the people other staff
 * ask "what is the address?"). Nothing for other roles, and nothing when no address is known:
 * Settings → LAN addresses explains that case.
 */
export function LanAddressesLine() {
  const allowed = can(useCurrentUser(), 'settings.manage');
  const lan = useSystemAddresses(allowed);
  const addresses = lan.data?.addresses ?? [];
  if (!allowed || addresses.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={6}
      data-testid="dashboard-lan-addresses"
      aria-label="LAN addresses"
      component="section"
    >
      <Group gap="xs" wrap="wrap">
        <IconNetwork size={16} aria-hidden />
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          LAN addresses
        </Text>
        {addresses.map((address) => (
          <LanAddressCopy key={address} address={address} size="xs" />
        ))}
        <Text size="xs" c="dimmed">
          Phones and LAN browsers open these
        </Text>
      </Group>
    </Paper>
  );
}
