import { create } from 'zustand';
import type { EditingEntry, EditingKind, Editor } from '@shared/contracts/live';

export const editingKey = (kind: EditingKind, id: number) => `${kind}:${id}`;

export interface TakenOver {
  by: { userId: number; fullName: string };
  at: string;
}

interface EditingState {
  /** "kind:id" → who has it open (every user of the company, this one included). */
  editors: Record<string, Editor[]>;
  /** What this tab has open (re-announced after a reconnect: the server forgot the old socket). */
  mine: Record<string, { kind: EditingKind; id: number }>;
  /** Records this tab had open that someone else took over. */
  takenOver: Record<string, TakenOver>;
}

/** Who is editing what, from the live channel (issue 26). */
export const useEditingStore = create<EditingState>(() => ({ editors: {}, mine: {}, takenOver: {} }));

export function applyEditingEntry(entry: EditingEntry): void {
  const key = editingKey(entry.kind, entry.id);
  useEditingStore.setState((s) => {
    const editors = { ...s.editors };
    if (entry.editors.length) editors[key] = entry.editors;
    else delete editors[key];
    return { editors };
  });
}

export function resetEditing(entries: EditingEntry[]): void {
  useEditingStore.setState({ editors: Object.fromEntries(entries.map((e) => [editingKey(e.kind, e.id), e.editors])) });
}

export function markMine(kind: EditingKind, id: number, open: boolean): void {
  const key = editingKey(kind, id);
  useEditingStore.setState((s) => {
    const mine = { ...s.mine };
    const takenOver = { ...s.takenOver };
    if (open) mine[key] = { kind, id };
    else delete mine[key];
    delete takenOver[key];
    return { mine, takenOver };
  });
}

export function markTakenOver(kind: EditingKind, id: number, taken: TakenOver | null): void {
  const key = editingKey(kind, id);
  useEditingStore.setState((s) => {
    const takenOver = { ...s.takenOver };
    if (taken) takenOver[key] = taken;
    else delete takenOver[key];
    return { takenOver };
  });
}
