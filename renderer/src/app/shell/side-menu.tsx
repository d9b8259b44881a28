import { Box, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@shared/constants';
import { useOwnCompany } from '@/features/companies/api/get-own-company';
import { useCurrentUser } from '@/lib/session-store';
import { visibleMenuItems } from './menu-items';

function isActive(pathname: string, to: string): boolean {
  if (to === '/dashboard') return pathname === '/' || pathname === '/dashboard';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Side menu (docs/product.md §Screens and routes): product, company, the user's name and ROLE, then the routes. */
export function SideMenu({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const company = useOwnCompany(user.companyId);
  const { pathname } = useLocation();
  return (
    <Stack gap={0} h="100%" data-testid="side-menu">
      <Box px="md" py="sm" style={{ borderBottom: '1px solid var(--app-shell-border-color)' }}>
        <Text fw={800} size="lg" lh={1.2}>
          {PRODUCT_NAME}
        </Text>
        <Text size="xs" c="dimmed" data-testid="menu-company" truncate>
          {company.data?.CompanyName ?? '\u00a0'}
        </Text>
      </Box>
      <ScrollArea style={{ flex: 1 }} type="scroll">
        <Box component="nav" aria-label="Main menu" p={6}>
          {visibleMenuItems(user).map((item) => (
            <NavLink
              key={item.to}
              component={RouterNavLink}
              to={item.to}
              label={item.label}
              leftSection={<item.icon size={18} stroke={1.6} />}
              active={isActive(pathname, item.to)}
              onClick={onNavigate}
              variant="filled"
              styles={{ root: { borderRadius: 'var(--mantine-radius-sm)' } }}
              // The company's secondary colour marks where you are, beside the primary fill.
              style={
                isActive(pathname, item.to)
                  ? { boxShadow: 'inset 4px 0 0 var(--mantine-color-secondary-filled)' }
                  : undefined
              }
            />
          ))}
        </Box>
      </ScrollArea>
      <Box px="md" py="sm" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
        <Text size="sm" fw={600} truncate data-testid="menu-user-name">
          {user.fullName}
        </Text>
        <Text size="xs" c="dimmed" tt="uppercase" data-testid="menu-user-role">
          {user.role.toUpperCase()}
        </Text>
      </Box>
    </Stack>
  );
}
