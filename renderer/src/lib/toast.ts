import { notifications } from '@mantine/notifications';
import { errorMessage } from '@/lib/api-client';
import type { ReactNode } from 'react';

/** Orange: on air, but an output has not answered yet (issue 38). */
type ToastColor = 'green' | 'red' | 'blue' | 'orange';

let lastId: string | null = null;
/** The colour of the toast on screen now, or null once it has closed. */
let visibleColor: ToastColor | null = null;

/**
 * Only one toast is visible at a time (docs/product.md §Limits). Queued toasts would show stale results
 * seconds late during rapid desk work, so each toast replaces the previous one. Persistent
 * alerts (the CG write failure) are shown apart and never replaced.
 */
export function showToast(
  title: string,
  message: ReactNode,
  color: ToastColor,
  options: { autoClose?: number } = {},
): void {
  if (lastId) notifications.hide(lastId);
  const id = notifications.show({
    title,
    message,
    color,
    ...(options.autoClose ? { autoClose: options.autoClose } : {}),
    onClose: () => {
      if (lastId === id) visibleColor = null;
    },
  });
  lastId = id;
  visibleColor = color;
}

/**
 * A by-the-way toast (e.g. 'New Notifications'): it never replaces a red one still on screen —
 * the breaking-news or overdue toast says more, and the bell's badge already shows the count.
 */
export function showNoticeToast(title: string, message: ReactNode, options: { autoClose?: number } = {}): boolean {
  if (visibleColor === 'red') return false;
  showToast(title, message, 'blue', options);
  return true;
}

export function toastSuccess(message: string, title = 'Success'): void {
  showToast(title, message, 'green');
}

/** The spec's failure text as title; the server's reason (e.g. a 409) underneath. */
export function toastFailure(title: string, error: unknown, fallback?: string): void {
  showToast(title, errorMessage(error, fallback), 'red');
}
