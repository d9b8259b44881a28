import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

let lastId: string | null = null;

/**
 * Only one toast is visible at a time (spec 000 §9). Queued toasts would show stale results
 * seconds late during rapid desk work, so each toast replaces the previous one. Persistent
 * alerts (the CG write failure) are shown apart and never replaced.
 */
export function showToast(title: string, message: ReactNode, color: 'green' | 'red'): void {
  if (lastId) notifications.hide(lastId);
  lastId = notifications.show({ title, message, color });
}
