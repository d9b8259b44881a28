import { Stack, Text } from '@mantine/core';
import { HttpError, errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { reportCgWriteFailure } from './cg-write-failure-store';

export function toastCgUpdated(type: string): void {
  showToast('CG Updated', `${type} file updated successfully`, 'green');
}

export function toastSuccess(title: string, message: string): void {
  showToast(title, message, 'green');
}

/** Take mode (issue 25): the send waits in NEXT; the operator must know it is not on air yet. */
export function toastStaged(what: string): void {
  showToast('Staged in NEXT', `${what} — not on air until Take (Enter)`, 'blue');
}

/** Destructive style on purpose: an override is a red event in the control room. */
export function toastEmergency(): void {
  showToast('Emergency Override', 'Emergency mode activated - CG updated', 'red');
}

/**
 * The spec's text, and the server's reason underneath. A 503 means the output file could not be
 * replaced: that raises the persistent write-failure alert instead, even if the live channel is down.
 */
export function toastCgFailure(title: string, text: string | null, error: unknown): void {
  const reason = errorMessage(error, '');
  if (error instanceof HttpError && error.status === 503) {
    // With one toast at a time, a second toast would only queue behind the persistent alert.
    reportCgWriteFailure({ types: [], message: reason });
    return;
  }
  const body = (
    <Stack gap={2}>
      {text && <Text size="sm">{text}</Text>}
      {reason && reason !== text && <Text size="xs">{reason}</Text>}
    </Stack>
  );
  showToast(title, body, 'red');
}
