import { useEffect, useRef } from 'react';

/** Where Enter and Escape belong to the element: typing, choosing, pressing a focused control. */
const OWN_KEYS = 'input, textarea, select, button, a[href], [contenteditable=""], [contenteditable="true"], [role="button"], [role="menuitem"], [role="option"], [role="combobox"], [role="slider"], [role="switch"], [role="checkbox"], [role="tab"]';

function keysBelongToTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  // A dialog open on top (a confirm, a form) owns the keyboard: Escape closes it, never Next.
  if (document.querySelector('[role="dialog"][aria-modal="true"]')) return true;
  return target.closest(OWN_KEYS) !== null;
}

/**
 * Enter takes, Escape clears (issue 25) — only when the focus is not in a text field or on a
 * control that uses those keys itself, with no modifier, and not on a key repeat (a held Enter
 * must not take twice).
 */
export function useTakeKeys(enabled: boolean, onTake: () => void, onClear: () => void): void {
  const handlers = useRef({ onTake, onClear });
  useEffect(() => {
    handlers.current = { onTake, onClear };
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.repeat || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
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
