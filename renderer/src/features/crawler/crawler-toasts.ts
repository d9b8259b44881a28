import { notifications } from '@mantine/notifications';
import { errorMessage } from '@/lib/api-client';

/** The crawler panel's success toasts are all titled 'Success' (spec 000 §8). */
export function toastSuccess(message: string): void {
  notifications.show({ title: 'Success', message, color: 'green' });
}

/** The spec leaves other crawler failures open: the server's own message says what to fix. */
export function toastError(error: unknown, fallback?: string): void {
  notifications.show({ title: 'Error', message: errorMessage(error, fallback), color: 'red' });
}

/** A fixed text, e.g. the spec's 'Failed to reorder headlines' (000 §8). */
export function toastErrorText(message: string): void {
  notifications.show({ title: 'Error', message, color: 'red' });
}
