import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '@/lib/return-path';
import { useSession } from '@/lib/session-store';

/** Unauthenticated users see only /login (docs/product.md §Screens and routes), which brings them back here after sign-in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'checking') {
    return (
      <Center mih="100dvh">
        <Loader />
      </Center>
    );
  }
  if (status === 'anonymous') return <Navigate to={loginPathFor(location)} replace />;
  return <>{children}</>;
}
