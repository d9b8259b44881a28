import { notifications } from '@mantine/notifications';
import { errorMessage } from '@/lib/api-client';

let lastId: string | null = null;

/**
 * Only one toast is visible at a time (spec 000 §9), so rapid desk work (approve, publish,
 * delete) would queue stale 5-second toasts and the latest result would show 15 s late. Each
 * news toast therefore replaces the previous news toast; other features' toasts still queue.
 */
function replaceToast(title: string, message: string, color: 'green' | 'red'): void {
  if (lastId) notifications.hide(lastId);
  lastId = notifications.show({ title, message, color });
}

export function toastSuccess(message: string, title = 'Success'): void {
  replaceToast(title, message, 'green');
}

/** The spec's failure text as title; the server's reason (e.g. a 409) underneath. */
export function toastFailure(title: string, error: unknown, fallback?: string): void {
  replaceToast(title, errorMessage(error, fallback), 'red');
}
