import { Box, Center, Loader } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@shared/constants';
import { can } from '@shared/roles';
import { useCurrentUser, useSession } from '@/lib/session-store';
import { OnAirAnnouncer } from '@/components/cg/on-air-announcer';
import { AuthRequired } from '../components/auth-required';
import { FIELD_BASE, fieldBase } from '@/lib/field-paths';
import { EquipmentItemPage } from './equipment-item-page';
import { MobileFieldHome } from './mobile-field-home';

/** Full page on /field: its own margins and width (the shell gives them on /mobile-field). */
function Frame({ fullPage, children }: { fullPage: boolean; children: ReactNode }) {
  const canRunCg = can(useCurrentUser(), 'cg.write');
  if (!fullPage) return <>{children}</>;
  return (
    // Outside the shell nothing else gives the page its main landmark.
    <Box component="main" p="md" maw={1200} mx="auto" mih="100dvh">
      {/* Outside the shell, the phone page says what goes on air itself (issue 27), to those
          who run the CG from it (the CG tab's users; the others never poll the CG files). */}
      {canRunCg && <OnAirAnnouncer />}
      {children}
    </Box>
  );
}

/**
 * Mobile field interface (docs/product.md §Screens and routes), at /mobile-field in the shell and /field full page. It
 * handles its own sign-in screen: /field sits outside the app's guard, so a phone that scanned a
 * QR label while signed out lands here, not on a bare redirect.
 */
export default function MobileFieldPage() {
  const status = useSession((s) => s.status);
  const fullPage = fieldBase(useLocation().pathname) === FIELD_BASE;

  useEffect(() => {
    document.title = `Mobile · ${PRODUCT_NAME}`;
  }, []);

  if (status === 'checking') {
    return (
      <Center mih="60dvh">
        <Loader />
      </Center>
    );
  }
  if (status === 'anonymous') return <AuthRequired />;
  return (
    <Frame fullPage={fullPage}>
      <Routes>
        <Route path="equipment/:code" element={<EquipmentItemPage />} />
        <Route path="*" element={<MobileFieldHome />} />
      </Routes>
    </Frame>
  );
}
