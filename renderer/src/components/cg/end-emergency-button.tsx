import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useIsMutating } from '@tanstack/react-query';
import { IconCircleX } from '@tabler/icons-react';
import { endEmergencyMutationKey } from '@/lib/api/cg/end-emergency';
import { EndEmergencyBody } from './end-emergency-dialog';

/** Opens the End emergency question (end-emergency-dialog.tsx); `pending` while an end is on its way. */
export function useEndEmergencyAction() {
  const pending = useIsMutating({ mutationKey: endEmergencyMutationKey }) > 0;
  const confirm = (text: string) => {
    const id = modals.open({
      title: 'End emergency?',
      size: 'lg',
      children: <EndEmergencyBody text={text} onDone={() => modals.close(id)} />,
    });
  };
  return { confirm, pending };
}

/** The one "End emergency" control of a screen. */
export function EndEmergencyButton({ text, size = 'sm' }: { text: string; size?: 'xs' | 'sm' }) {
  const action = useEndEmergencyAction();
  return (
    <Button
      color="white"
      c="red.8"
      variant="filled"
      size={size}
      leftSection={<IconCircleX size={16} />}
      loading={action.pending}
      onClick={() => action.confirm(text)}
      style={{ flex: 'none' }}
    >
      End emergency
    </Button>
  );
}
