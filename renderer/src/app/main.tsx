import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import './thaana-font.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useSessionLifecycle } from '@/features/auth/use-session-lifecycle';
import { RestoreNotice } from '@/features/backups/components/restore-notice';
import { StoreMoveNotice } from '@/features/settings/components/store-move-notice';
import { UnsavedChangesGuard } from '@/lib/unsaved-guard';
import { ChunkRetryNotice } from './chunk-retry-notice';
import { registerAppLiveEvents } from './live-events';
import { Providers } from './providers';
import { AppRoutes } from './router';

registerAppLiveEvents();
// Fetch the Thaana faces now rather than when the first Dhivehi story scrolls into view.
for (const weight of [400, 700]) void document.fonts.load(`${weight} 1em "Noto Sans Thaana"`, '\u0780');

function App() {
  useSessionLifecycle();
  return (
    <>
      <UnsavedChangesGuard />
      <ChunkRetryNotice />
      <RestoreNotice />
      <StoreMoveNotice />
      <AppRoutes />
    </>
  );
}

// A data router, because only it can hold a navigation while unsaved text is confirmed; the
// routes themselves stay declarative in AppRoutes (a descendant <Routes> under one splat).
const router = createBrowserRouter([{ path: '*', Component: App }]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
