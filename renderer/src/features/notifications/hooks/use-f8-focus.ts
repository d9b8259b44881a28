import { useEffect } from 'react';

/** The attribute the toast container carries (providers.tsx) so F8 can find it. */
export const NOTIFICATION_REGION_ATTR = 'data-notification-region';

/** F8 moves focus to the toast region (docs/product.md §Limits), where the visible toast lives. */
export function useF8FocusesNotifications(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      const region = document.querySelector<HTMLElement>(`[${NOTIFICATION_REGION_ATTR}]`);
      if (!region) return;
      event.preventDefault();
      region.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
