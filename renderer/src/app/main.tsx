import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useSessionLifecycle } from '@/features/auth/use-session-lifecycle';
import { registerAppLiveEvents } from './live-events';
import { Providers } from './providers';
import { AppRoutes } from './router';

registerAppLiveEvents();

function App() {
  useSessionLifecycle();
  return <AppRoutes />;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
