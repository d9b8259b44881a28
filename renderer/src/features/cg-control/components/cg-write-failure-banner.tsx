import { Alert, Text } from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useCgWriteFailure } from '@/lib/cg/cg-write-failure-store';

/** Stays on the CG screens until dismissed or fixed: air may show stale text meanwhile. */
export function CgWriteFailureBanner() {
  const failure = useCgWriteFailure((s) => s.failure);
  const dismiss = useCgWriteFailure((s) => s.dismiss);
  if (!failure) return null;
  return (
    <Alert
      color="red"
      variant="filled"
      icon={<IconAlertOctagon />}
      title={failure.types.length ? `CG output write failed: ${failure.types.join(', ')}` : 'CG output write failed'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
      role="alert"
      data-testid="cg-write-failure"
    >
      <Text size="sm">{failure.message}</Text>
      <Text size="xs" mt={4}>
        Air may still show the previous text. Last failure {new Date(failure.at).toLocaleTimeString()}.
      </Text>
    </Alert>
  );
}
