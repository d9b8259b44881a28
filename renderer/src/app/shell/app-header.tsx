import { Box, Burger, Group, Text } from '@mantine/core';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/constants';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useBellNotifications } from '@/features/notifications/hooks/use-bell-notifications';
import { OutputsHeaderStatus } from '@/features/outputs/components/outputs-header-status';
import { EmergencyOverrideDialog } from '@/features/cg-control/components/emergency-override-dialog';
import { HaHeaderStrip } from '@/features/ha/components/ha-header-strip';
import { TakeoverDialog } from '@/features/ha/components/takeover-dialog';
import { AirIndicator } from './header-air';
import { EmergencyModeButton, HeaderEmergencyText } from './header-emergency';
import { ConnectionIndicator, LiveIndicator } from './header-status';
import { UserMenu } from './user-menu';

interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Header (docs/product.md §Screens and routes): title and tagline, Emergency Mode, LIVE and the state of air (issue 38), outputs, main and backup (issue 43), connection, bell, user menu. */
export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  const { items, total } = useBellNotifications();
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
        <Box style={{ minWidth: 0 }}>
          <Text fw={800} fz={{ base: 'md', sm: 'lg' }} lh={1.1} truncate>
            {PRODUCT_NAME}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2} visibleFrom="md" truncate>
            {PRODUCT_TAGLINE}
          </Text>
        </Box>
      </Group>
      <HeaderEmergencyText />
      {/* Status controls never shrink: on a phone the title gives way first. */}
      <Group gap={8} wrap="nowrap" style={{ flex: 'none' }}>
        <EmergencyModeButton />
        <LiveIndicator />
        <AirIndicator />
        <OutputsHeaderStatus />
        <HaHeaderStrip />
        <ConnectionIndicator />
        <NotificationBell items={items} total={total} />
        <UserMenu />
      </Group>
      <EmergencyOverrideDialog />
      <TakeoverDialog />
    </Group>
  );
}
