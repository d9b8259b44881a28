import { useEffect } from 'react';

/** Fields where Escape has no job of its own: text typed for air. */
const TYPING = 'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]), textarea';

/**
 * Escape leaves a text field on CG Control (issue 38, point 12): focus goes to NEXT (or the
 * control panel), where Enter takes and a second Escape clears. Escape in a dialog (it closes
 * the dialog) and in an open list (it closes the list) is theirs.
 */
export function useEscapeLeavesField(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.repeat) return;
      const field = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>(TYPING) : null;
      if (!field || field.closest('[role="dialog"]') || field.getAttribute('aria-expanded') === 'true') return;
      e.preventDefault();
      const landing = document.getElementById('cg-next') ?? document.getElementById('cg-control-panel');
      if (landing) landing.focus();
      else field.blur();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
