import type { EditingKind, ServerEvents } from '@shared/contracts/live';
import { live } from '@/lib/live';
import { registerLiveEvent } from '@/lib/live-registry';
import { showToast } from '@/lib/toast';
import { useSession } from '@/lib/session-store';
import { applyEditingEntry, editingKey, markTakenOver, resetEditing, useEditingStore } from './editing-store';

const NOUN: Record<EditingKind, string> = { news: 'story', bulletin: 'bulletin', prompter: 'prompter' };

type TakenOverEvent = ServerEvents['editing_taken_over'];

/**
 * Presence over the live channel: the snapshot after each (re)connect replaces what we knew and
 * re-announces this tab's open dialogs (the server forgot the old socket); changes patch it.
 */
export function registerEditingLiveEvents(): void {
  registerLiveEvent('editing_snapshot', {
    handle: (data) => {
      resetEditing(data.entries);
      for (const { kind, id } of Object.values(useEditingStore.getState().mine))
        live.send({ type: 'editing', data: { kind, id, state: 'open' } });
    },
  });
  registerLiveEvent('editing_changed', { handle: applyEditingEntry });
  registerLiveEvent('editing_taken_over', { handle: onTakenOver });
}

/** Someone took over a record this tab has open: say so at once, in a toast and in the dialog. */
function onTakenOver(event: TakenOverEvent): void {
  const me = useSession.getState().user?.id;
  if (me === undefined || event.by.userId === me || !event.from.includes(me)) return;
  if (!useEditingStore.getState().mine[editingKey(event.kind, event.id)]) return;
  markTakenOver(event.kind, event.id, { by: event.by, at: new Date().toISOString() });
  showToast(
    `${event.by.fullName} took this ${NOUN[event.kind]} over`,
    'Your unsaved changes stay in the form; saving checks for conflicts.',
    'blue',
  );
}

export const editingNoun = (kind: EditingKind) => NOUN[kind];
