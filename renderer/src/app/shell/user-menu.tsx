import { Avatar, Box, Menu, Text, UnstyledButton, Group, useMantineColorScheme, useComputedColorScheme } from '@mantine/core';
import { IconChevronDown, IconLogout, IconMoon, IconSun } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/features/auth/session-store';
import { endSession } from '@/features/auth/use-session-lifecycle';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** User menu: name (fallback 'User'), colour scheme, Logout (spec 000 §2). */
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
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label="User menu" data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar size={30} radius="xl" color="blue">
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="lg" maw={160} truncate>
              {name}
            </Text>
            <Box component={IconChevronDown} size={14} visibleFrom="sm" />
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
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} disabled={logoutMutation.isPending} onClick={onLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
