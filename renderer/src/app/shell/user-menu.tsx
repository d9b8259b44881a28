import {
  Avatar,
  Box,
  Menu,
  Text,
  UnstyledButton,
  Group,
  useMantineColorScheme,
  useComputedColorScheme,
} from '@mantine/core';
import { IconBellRinging, IconBellOff, IconChevronDown, IconLogout, IconMoon, IconSun } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session-store';
import { endSession } from '@/features/auth/use-session-lifecycle';
import { setAlarmSound, useAlarmSound } from '@/features/outputs/alarm-sound';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/**
 * The output alarm's sound (issue 38), off by default: this user on this desk. Switching it on
 * plays the beep once, so the operator knows the speaker works (and the browser allows sound).
 */
// The item's own words say on or off: Mantine keeps role="menuitem", which allows neither
// aria-pressed nor aria-checked (axe refuses both).
function AlarmSoundItem() {
  const userId = useSession((s) => s.user?.id ?? 0);
  const on = useAlarmSound(userId);
  return (
    <Menu.Item
      leftSection={on ? <IconBellRinging size={16} /> : <IconBellOff size={16} />}
      onClick={() => setAlarmSound(userId, !on)}
      data-testid="alarm-sound-toggle"
    >
      {on ? 'Output alarm sound: on' : 'Output alarm sound: off'}
    </Menu.Item>
  );
}

/** User menu: name (fallback 'User'), colour scheme, the output alarm sound, Logout (docs/product.md §Screens and routes). */
export function UserMenu() {
  const name = useSession((s) => s.user?.fullName || s.user?.name) || 'User';
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  const logoutMutation = useLogout();
  const navigate = useNavigate();

  const onLogout = () => {
    // The session ends locally even if the server cannot be reached.
    logoutMutation.mutate(undefined, {
      onSettled: () => {
        endSession();
        void navigate('/login', { replace: true });
      },
    });
  };

  return (
    // Not portaled: the open menu stays inside the header's banner landmark.
    <Menu position="bottom-end" width={220} shadow="md" withinPortal={false}>
      <Menu.Target>
        {/* Named by what it shows, the user's name (WCAG 2.5.3): a screen reader says "Dev Owner,
            menu button". Below lg the name is not drawn but still read (visually hidden). */}
        <UnstyledButton data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar size={30} radius="xl" color="blue" aria-hidden>
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="lg" maw={160} truncate>
              {name}
            </Text>
            <Box component="span" hiddenFrom="lg" className="visually-hidden">
              {name}
            </Box>
            <Box component={IconChevronDown} size={14} visibleFrom="sm" aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item
          leftSection={scheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
          onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
        >
          {scheme === 'dark' ? 'Light theme' : 'Dark theme'}
        </Menu.Item>
        <AlarmSoundItem />
        <Menu.Divider />
        {/* Red text at 4.5:1 on the dropdown (Mantine's menu red, red-6, reads at 4.1:1 there). */}
        <Menu.Item
          color="red"
          c="var(--mantine-color-red-text)"
          leftSection={<IconLogout size={16} />}
          disabled={logoutMutation.isPending}
          onClick={onLogout}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
