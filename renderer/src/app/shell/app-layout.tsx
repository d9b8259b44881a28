import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { OnAirAnnouncer } from '@/components/cg/on-air-announcer';
import { useF8FocusesNotifications } from '@/features/notifications/hooks/use-f8-focus';
import { AppHeader } from './app-header';
import { SideMenu } from './side-menu';

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader size="sm" />
    </Center>
  );
}

/** The authenticated shell: header, side menu (a drawer behind a burger on phones), page. */
export function AppLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  useF8FocusesNotifications();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      {/* A thin line in the company's secondary colour under the header: branded, still dark. */}
      <AppShell.Header style={{ borderBottom: '2px solid var(--mantine-color-secondary-filled)' }}>
        <AppHeader navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <SideMenu onNavigate={close} />
      </AppShell.Navbar>
      {/* Every screen of the shell hears what goes on air (issue 27). */}
      <OnAirAnnouncer />
      <AppShell.Main>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
