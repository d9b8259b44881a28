import { useEffect, useRef } from 'react';

/** Where Enter and Escape belong to the element: typing, choosing, pressing a focused control. */
const OWN_KEYS =
  'input, textarea, select, button, a[href], [contenteditable=""], [contenteditable="true"], [role="button"], [role="menuitem"], [role="option"], [role="combobox"], [role="slider"], [role="switch"], [role="checkbox"], [role="tab"]';

/** A dialog open on top (a confirm, a form) owns the keyboard: no key of ours may take under it. */
const dialogOpen = (): boolean => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

function keysBelongToTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (dialogOpen()) return true;
  return target.closest(OWN_KEYS) !== null;
}

/**
 * The take keys that work while typing (issue 38, point 12): F2 (CasparCG Client's Play; no
 * browser or text field uses it — F8 is the app's "go to notifications") and Ctrl+Enter / ⌘+Enter
 * (the "send" chord of chat and mail clients). They
 * take from a text field too — the operator fixes a line, stages it with Enter and takes without
 * reaching for the mouse — but never under an open dialog.
 */
export function isTakeChord(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  if (e.altKey || e.shiftKey) return false;
  if (e.key === 'F2') return !e.ctrlKey && !e.metaKey;
  return e.key === 'Enter' && e.ctrlKey !== e.metaKey;
}

/**
 * Enter takes, Escape clears (issue 25) — only when the focus is not in a text field or on a
 * control that uses those keys itself, with no modifier, and not on a key repeat (a held Enter
 * must not take twice). F2 and Ctrl+Enter take from anywhere but a dialog (isTakeChord).
 */
export function useTakeKeys(enabled: boolean, onTake: () => void, onClear: () => void): void {
  const handlers = useRef({ onTake, onClear });
  useEffect(() => {
    handlers.current = { onTake, onClear };
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.repeat || e.defaultPrevented) return;
      if (isTakeChord(e)) {
        if (dialogOpen()) return;
        e.preventDefault();
        handlers.current.onTake();
        return;
      }
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.key !== 'Enter' && e.key !== 'Escape') return;
      if (keysBelongToTarget(e.target)) return;
      e.preventDefault();
      if (e.key === 'Enter') handlers.current.onTake();
      else handlers.current.onClear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
