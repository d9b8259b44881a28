import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';

/** The crawler panel's success toasts are all titled 'Success' (docs/product.md §Error texts). */
export function toastSuccess(message: string): void {
  showToast('Success', message, 'green');
}

/** The spec leaves other crawler failures open: the server's own message says what to fix. */
export function toastError(error: unknown, fallback?: string): void {
  showToast('Error', errorMessage(error, fallback), 'red');
}

/** A fixed text, e.g. the spec's 'Failed to reorder headlines' (000 §8). */
export function toastErrorText(message: string): void {
  showToast('Error', message, 'red');
}
