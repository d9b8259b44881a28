import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useRef } from 'react';
import { useEmergencyState, type EmergencyState } from './emergency-state';

export const EMERGENCY_CONFIRM_TITLE = 'Emergency on air';
/** Above the prompter's full-screen overlay (z-index 250) and a dialog that sends (200). */
const CONFIRM_Z_INDEX = 400;

function ConfirmText({ emergency, what }: { emergency: EmergencyState; what: string }) {
  return (
    <Stack gap={4}>
      {emergency.active ? (
        <>
          <Text size="sm">An emergency is on air:</Text>
          <Text size="sm" fw={700} c="red" dir="auto" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {emergency.text}
          </Text>
        </>
      ) : (
        <Text size="sm">The CG state has not loaded yet: an emergency may be on air.</Text>
      )}
      <Text size="sm">Send this to CG anyway?</Text>
      <Text size="sm" fw={600} dir="auto" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
        {what}
      </Text>
    </Stack>
  );
}

/**
 * Every screen that sends to air asks first while an emergency is on air (issue 22): the next
 * send changes what airs around the emergency. With no emergency it sends at once. Before the CG
 * files have answered nobody knows, so that asks too. One question at a time: a second press
 * while it is open does nothing (held keys, double clicks).
 * The state is the one every screen shows (useEmergencyState, patched live by cg_file_updated).
 */
export function useEmergencyConfirm(): (what: string, send: () => void) => void {
  const emergency = useEmergencyState();
  const asking = useRef(false);
  return (what, send) => {
    if (!emergency.active && !emergency.loading) {
      send();
      return;
    }
    if (asking.current) return;
    asking.current = true;
    modals.openConfirmModal({
      title: EMERGENCY_CONFIRM_TITLE,
      zIndex: CONFIRM_Z_INDEX,
      children: <ConfirmText emergency={emergency} what={what} />,
      labels: { confirm: 'Send anyway', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: send,
      onClose: () => {
        asking.current = false;
      },
    });
  };
}
