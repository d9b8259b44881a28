import { create } from 'zustand';

/**
 * Which open editors hold typed, unsaved text. One app-wide registry, because react-router
 * consults only the last registered blocker: a blocker per dialog would let a second mounted
 * dialog silently switch the first one's protection off.
 */
interface UnsavedState {
  owners: ReadonlySet<string>;
}

export const useUnsavedRegistry = create<UnsavedState>(() => ({ owners: new Set<string>() }));

export function markUnsaved(owner: string, dirty: boolean): void {
  const { owners } = useUnsavedRegistry.getState();
  if (owners.has(owner) === dirty) return;
  const next = new Set(owners);
  if (dirty) next.add(owner);
  else next.delete(owner);
  useUnsavedRegistry.setState({ owners: next });
}

export function hasUnsavedWork(): boolean {
  return useUnsavedRegistry.getState().owners.size > 0;
}

/** The confirmation's words; one wording app-wide so operators learn it once. */
export const UNSAVED_TEXTS = {
  title: 'Discard unsaved text?',
  body: 'What you typed in this dialog has not been saved. If you leave now, it is lost.',
  keep: 'Keep editing',
  discard: 'Discard',
} as const;

/** A flat form differs from how it opened: the test for "has the user typed anything". */
export function formChanged<T extends object>(initial: T, current: T): boolean {
  return (Object.keys(current) as Array<keyof T>).some((key) => current[key] !== initial[key]);
}
