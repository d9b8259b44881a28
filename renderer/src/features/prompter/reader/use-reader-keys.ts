import { useEffect, useEffectEvent } from 'react';
import type { ReaderController } from './reader-controller';

export interface ReaderKeyActions {
  /** Space: the current section's title to the CG as a headline. */
  sendToCg: () => void;
  /** Escape outside find mode (full screen only). */
  exit?: () => void;
}

/** Marks the full-screen reader: a dialog itself (issue 27), but the one whose keys these are. */
export const READER_DIALOG_ATTR = 'data-prompter-reader';

/** Inside a dialog over the reader; the full-screen reader's own dialog role does not count. */
const inDialog = (target: EventTarget | null) =>
  target instanceof HTMLElement && Boolean(target.closest(`[role="dialog"]:not([${READER_DIALOG_ATTR}])`));

/** Keys typed into a field, or inside a dialog over the reader, are not reader keys. */
function typingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('input, textarea, select')) return true;
  return inDialog(target);
}

/**
 * Prompter keys (docs/product.md §Screens and routes): arrows move 100 px, Home resets, Ctrl/Cmd+F toggles find mode and
 * Escape leaves it, Space sends the section title to the CG and unlocks. A held Space repeats
 * keydown: only the first sends, so a long press is one on-air change.
 */
export function useReaderKeys(controller: ReaderController, enabled: boolean, actions: ReaderKeyActions): void {
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f') {
      e.preventDefault(); // the browser's own find cannot see a transformed script
      controller.toggle('findOpen');
      return;
    }
    // A dialog over the reader (the emergency question) owns its keys: its Escape is its Cancel.
    if (inDialog(e.target)) return;
    if (e.key === 'Escape') {
      if (controller.state.findOpen) controller.setFindOpen(false);
      else actions.exit?.();
      return;
    }
    if (typingOrInDialog(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    if (handleKey(controller, e, actions)) e.preventDefault();
  });
  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

function handleKey(controller: ReaderController, e: KeyboardEvent, actions: ReaderKeyActions): boolean {
  switch (e.key) {
    case 'ArrowDown':
      controller.scrollStep(1);
      return true;
    case 'ArrowUp':
      controller.scrollStep(-1);
      return true;
    case 'Home':
      controller.reset(false);
      return true;
    case ' ':
      // A focused button keeps Space for itself (keyboard users press buttons with it).
      if (e.target instanceof HTMLElement && e.target.closest('button')) return false;
      if (!e.repeat) {
        controller.unlock();
        actions.sendToCg();
      }
      return true;
    default:
      return false;
  }
}
