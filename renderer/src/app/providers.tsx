import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@shared/constants';
import { queryClient } from '@/lib/query-client';
import { NOTIFICATION_REGION_ATTR } from '@/features/notifications/hooks/use-f8-focus';
import { BrandingProvider } from './branding';

/** Toasts: only one visible at a time, 5000 ms by default (docs/product.md §Limits), bottom-right. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Inside the query client: the theme follows the company's branding query. */}
      <BrandingProvider>
        <ModalsProvider>
          {/* Bottom-right: a toast must never cover the header's Emergency Mode, LIVE, connection and bell. */}
          {/* One labelled, focusable region around the toasts: F8 (app-layout) moves focus here (000 §9).
              Mantine renders a container per screen position and would give each the same role and
              label: six identical landmarks for one region. */}
          <div role="region" aria-label="Notifications (F8)" tabIndex={-1} {...{ [NOTIFICATION_REGION_ATTR]: '' }}>
            <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="bottom-right" withinPortal={false} />
          </div>
          {children}
        </ModalsProvider>
      </BrandingProvider>
    </QueryClientProvider>
  );
}
