import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCircleX } from '@tabler/icons-react';
import { useEndEmergency } from '../api/end-emergency';
import { toastCgFailure, toastSuccess } from '../cg-toast';

/** Asks, then empties emergency.txt. Returns whether the dialog was opened. */
export function useEndEmergencyAction() {
  const mutation = useEndEmergency();
  const end = () =>
    mutation.mutate(undefined, {
      onSuccess: (res) => toastSuccess('Emergency ended', res.ended ? 'The emergency text is off air' : 'The emergency had already been ended'),
      onError: (error) => toastCgFailure('Error', 'Failed to end the emergency', error),
    });
  const confirm = (text: string) =>
    modals.openConfirmModal({
      title: 'End emergency?',
      children: (
        <Stack gap={4}>
          <Text size="sm">This takes the emergency text off air:</Text>
          <Text size="sm" fw={700} dir="auto" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {text}
          </Text>
          {/* Nothing is put back silently: the operator sees what stays and changes it deliberately. */}
          <Text size="xs" c="dimmed">
            The headline and subheadline stay as they are now. Change them in CG Control if they still carry the emergency.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'End emergency', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: end,
    });
  return { confirm, pending: mutation.isPending };
}

/** The one "End emergency" control of a screen. */
export function EndEmergencyButton({ text, size = 'sm' }: { text: string; size?: 'xs' | 'sm' }) {
  const action = useEndEmergencyAction();
  return (
    <Button color="white" c="red.8" variant="filled" size={size} leftSection={<IconCircleX size={16} />} loading={action.pending} onClick={() => action.confirm(text)} style={{ flex: 'none' }}>
      End emergency
    </Button>
  );
}
