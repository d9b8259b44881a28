import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';

export function toastSuccess(message: string, title = 'Success'): void {
  showToast(title, message, 'green');
}

/** The spec's failure text as title; the server's reason (e.g. a 409) underneath. */
export function toastFailure(title: string, error: unknown, fallback?: string): void {
  showToast(title, errorMessage(error, fallback), 'red');
}
