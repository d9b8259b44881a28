import { ActionIcon, Anchor, Box, Divider, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { BELL_MAX_ITEMS } from '@shared/constants';
import { bellBadgeText, bellOverflowText } from '@/lib/notification-bell-text';
import type { ClientNotification } from '../notification-types';

const PRIORITY_COLOR: Record<ClientNotification['priority'], string> = {
  urgent: 'red.6',
  high: 'orange.6',
  normal: 'blue.6',
};

function NotificationRow({ item }: { item: ClientNotification }) {
  return (
    <Group py={6} gap={8} wrap="nowrap" align="flex-start">
      <Box
        w={8}
        h={8}
        mt={6}
        bg={PRIORITY_COLOR[item.priority]}
        style={{ borderRadius: '50%', flex: 'none' }}
        aria-hidden
      />
      <Box style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} lineClamp={1}>
          {item.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {item.message}
        </Text>
        <Text size="xs" c="dimmed">
          {new Date(item.time).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' })}
        </Text>
      </Box>
    </Group>
  );
}

/** Header bell (docs/product.md §Screens and routes): count badge capped at 99+, first five items, link to preferences. */
export function NotificationBell({ items, total }: { items: readonly ClientNotification[]; total: number }) {
  const [opened, setOpened] = useState(false);
  const badge = bellBadgeText(total);
  const overflow = bellOverflowText(total);
  // trapFocus: keyboard users land in the list, and Escape (handled inside the dropdown) closes it.
  return (
    // The Indicator wraps the whole popover so the target is the button itself: Mantine puts
    // aria-expanded/aria-haspopup on the target, which a plain div may not carry (ARIA 1.2).
    <Indicator label={badge} size={18} color="red" disabled={!badge} offset={4} inline mr={4}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={320}
        shadow="md"
        withArrow
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={badge ? `Notifications (${badge})` : 'Notifications'}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="sm" data-testid="bell-dropdown">
          <Text fw={700} size="sm" mb={4}>
            Notifications
          </Text>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" py="sm" ta="center">
              No new notifications
            </Text>
          ) : (
            <Stack gap={0}>
              {items.slice(0, BELL_MAX_ITEMS).map((item) => (
                <NotificationRow key={item.id} item={item} />
              ))}
              {overflow && (
                <Text size="xs" c="dimmed" pt={4}>
                  {overflow}
                </Text>
              )}
            </Stack>
          )}
          <Divider my="xs" />
          <Anchor component={Link} to="/notifications" size="sm" onClick={() => setOpened(false)}>
            Manage Notification Preferences
          </Anchor>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
