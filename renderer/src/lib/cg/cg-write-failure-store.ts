import { notifications } from '@mantine/notifications';
import { create } from 'zustand';

export interface CgWriteFailure {
  types: string[];
  message: string;
  at: string;
}

interface CgWriteFailureState {
  failure: CgWriteFailure | null;
  dismiss: () => void;
}

const TOAST_ID = 'cg-write-failed';
/** Whether our persistent toast is on screen (the operator may close it; the banner stays). */
let toastShown = false;

/**
 * The last CG output failure (docs/design-rules.md §4: fail loudly). It stays until the operator dismisses
 * it or a later write of every failed type succeeds: air may be showing stale text meanwhile.
 */
export const useCgWriteFailure = create<CgWriteFailureState>((set) => ({
  failure: null,
  dismiss: () => {
    notifications.hide(TOAST_ID);
    toastShown = false;
    set({ failure: null });
  },
}));

function typesText(types: readonly string[]): string {
  return types.length ? `CG output write failed: ${types.join(', ')}` : 'CG output write failed';
}

export function reportCgWriteFailure(input: { types: string[]; message: string }): void {
  const previous = useCgWriteFailure.getState().failure;
  // Failures add up until each type is written again (the 503 answer names no types: the live
  // alert for the same failure does).
  const types = [...new Set([...(previous?.types ?? []), ...input.types])];
  useCgWriteFailure.setState({ failure: { types, message: input.message, at: new Date().toISOString() } });
  const toast = {
    id: TOAST_ID,
    title: typesText(types),
    message: input.message,
    color: 'red',
    autoClose: false,
    withBorder: true,
  } as const;
  if (toastShown) {
    notifications.update(toast);
    return;
  }
  toastShown = true;
  notifications.show({
    ...toast,
    // Closing the toast only hides it: the failure (and the CG screens' banner) stays until fixed.
    onClose: () => {
      toastShown = false;
    },
  });
}

/**
 * A successful write of a failed type: that output is current again. cg.json is rewritten after
 * every successful write (a new alert arrives if that fails), so any success clears it too.
 */
export function noteCgWriteSuccess(type: string): void {
  const failure = useCgWriteFailure.getState().failure;
  if (!failure || !(failure.types.includes(type) || failure.types.includes('cg.json'))) return;
  const types = failure.types.filter((t) => t !== type && t !== 'cg.json');
  if (types.length) useCgWriteFailure.setState({ failure: { ...failure, types } });
  else useCgWriteFailure.getState().dismiss();
}
