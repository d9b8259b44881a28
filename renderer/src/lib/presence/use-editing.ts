import { useEffect } from 'react';
import type { EditingKind, Editor } from '@shared/contracts/live';
import { live } from '@/lib/live';
import { useSession } from '@/lib/session-store';
import { editingKey, markMine, useEditingStore, type TakenOver } from './editing-store';

const NOBODY: Editor[] = [];

/** While a dialog is open on a record: tell the company; stop telling it when the dialog closes. */
export function useAnnounceEditing(kind: EditingKind, id: number | null | undefined): void {
  useEffect(() => {
    if (!id) return;
    markMine(kind, id, true);
    live.send({ type: 'editing', data: { kind, id, state: 'open' } });
    return () => {
      markMine(kind, id, false);
      live.send({ type: 'editing', data: { kind, id, state: 'closed' } });
    };
  }, [kind, id]);
}

/** Everyone else who has the record open now (earliest first). */
export function useOtherEditors(kind: EditingKind, id: number | null | undefined): Editor[] {
  const me = useSession((s) => s.user?.id);
  const editors = useEditingStore((s) => (id ? s.editors[editingKey(kind, id)] : undefined)) ?? NOBODY;
  return editors.filter((e) => e.userId !== me);
}

/** Who took this tab's record over, if anyone did since it was opened. */
export function useTakenOver(kind: EditingKind, id: number | null | undefined): TakenOver | undefined {
  return useEditingStore((s) => (id ? s.takenOver[editingKey(kind, id)] : undefined));
}

export function takeOver(kind: EditingKind, id: number): boolean {
  markMine(kind, id, true);
  return live.send({ type: 'editing', data: { kind, id, state: 'take_over' } });
}
