import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EquipmentRequest } from '@shared/contracts/equipment';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { LoanDialogs } from '@/components/equipment/loan-dialogs';
import { refreshMobile, useMobileRequestAction } from '../api/mobile-mutations';
import { MOBILE_ACTION_LABELS, mobileActions, type MobileAction, type MobileViewer } from '../request-actions';

/** Spec 001 §8 success texts; Check Out (the step) has none in the spec, so ours. */
const SUCCESS: Record<MobileAction, [string, string]> = {
  approve: ['Request Approved', ''],
  checkout: ['Checked Out', 'Equipment checked out'],
  return: ['Return Request Sent', ''],
  'approve-return': ['Return Approved', 'Equipment return approved and equipment is now available'],
  extend: ['Extension Requested', ''],
};

const COLOURS: Record<MobileAction, string | undefined> = {
  approve: 'green',
  checkout: undefined,
  return: 'orange',
  'approve-return': 'green',
  extend: 'cyan',
};

/** One hook per card: a tap on one card never blocks another card's button. */
export function RequestActionButtons({ request, viewer }: { request: EquipmentRequest; viewer: MobileViewer }) {
  const mutation = useMobileRequestAction();
  const queryClient = useQueryClient();
  const [extending, setExtending] = useState(false);
  const actions = mobileActions(request, viewer);
  if (actions.length === 0 && !extending) return null;
  const run = (action: MobileAction) => {
    // Issue 39: Request Extension asks the new date and the reason (the desk's dialog).
    if (action === 'extend') return setExtending(true);
    mutation.mutate(
      { id: request.id, action },
      {
        onSuccess: (saved) => {
          // An owner/admin's Return takes the item back at once (the server's rule): say so.
          const done: MobileAction = action === 'return' && saved.status === 'returned' ? 'approve-return' : action;
          showToast(SUCCESS[done][0], SUCCESS[done][1], 'green');
        },
        onError: (error) =>
          showToast('Error', errorMessage(error, `Failed to ${MOBILE_ACTION_LABELS[action].toLowerCase()}`), 'red'),
      },
    );
  };
  return (
    <Group gap="xs" grow>
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          color={COLOURS[action]}
          disabled={mutation.isPending}
          onClick={() => run(action)}
        >
          {MOBILE_ACTION_LABELS[action]}
        </Button>
      ))}
      <LoanDialogs
        request={request}
        dialog={extending ? 'extend' : null}
        onClose={() => setExtending(false)}
        onSaved={() => refreshMobile(queryClient)}
      />
    </Group>
  );
}
