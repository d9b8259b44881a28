import { Modal, Text, type ModalProps } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { UNSAVED_TEXTS, hasUnsavedWork, markUnsaved, useUnsavedRegistry } from './unsaved-registry';
import { createSendTracker } from './unsaved-sending';
import { serverRestarting } from './live';

let asking = false;

/** The one confirmation; a second Escape while it is open must not stack another. */
function askToDiscard(onDiscard: () => void, onKeep: () => void = () => {}): void {
  if (asking) return;
  asking = true;
  let decided = false;
  modals.openConfirmModal({
    title: UNSAVED_TEXTS.title,
    children: <Text size="sm">{UNSAVED_TEXTS.body}</Text>,
    labels: { confirm: UNSAVED_TEXTS.discard, cancel: UNSAVED_TEXTS.keep },
    confirmProps: { color: 'red' },
    // Keeping the text is the safe answer, so it holds the focus: a reflexive Enter keeps it.
    cancelProps: { 'data-autofocus': true },
    zIndex: 1000,
    onConfirm: () => {
      decided = true;
      onDiscard();
    },
    onClose: () => {
      asking = false;
      if (!decided) onKeep();
    },
  });
}

/**
 * Marks this component's typed text as unsaved while `dirty`, so in-app navigation and tab
 * close/reload ask first (see UnsavedChangesGuard). `confirmDiscard(close)` runs `close` at once
 * when nothing is unsaved, otherwise only after the user confirms discarding.
 */
export function useUnsavedGuard(dirty: boolean): { confirmDiscard: (discard: () => void) => void } {
  const id = useId();
  // Layout effects: the registry is current before the browser handles the next key, so an
  // Escape right after typing already asks (a passive effect could still be pending).
  useLayoutEffect(() => markUnsaved(id, dirty), [id, dirty]);
  useLayoutEffect(() => () => markUnsaved(id, false), [id]);
  const confirmDiscard = useCallback(
    (discard: () => void) => {
      if (useUnsavedRegistry.getState().owners.has(id)) askToDiscard(discard);
      else discard();
    },
    [id],
  );
  return { confirmDiscard };
}

const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  hasUnsavedWork() && currentLocation.pathname !== nextLocation.pathname;

/**
 * Mount once inside the data router: asks before in-app navigation and before the tab is
 * reloaded or closed while any editor holds unsaved text.
 */
export function UnsavedChangesGuard(): null {
  const blocker = useBlocker(leavesPage);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    askToDiscard(
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      // After a restore the text being typed belongs to data that are gone, and a store move reloads every page
      // on the new store: the page reloads unasked (the notice said so).
      if (hasUnsavedWork() && !serverRestarting()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return null;
}

interface GuardedModalApi {
  report: (dirty: boolean) => void;
  requestClose: () => void;
}

const GuardedModalContext = createContext<GuardedModalApi | null>(null);

export type GuardedModalProps = ModalProps & {
  /** Unsaved text known to the dialog's owner; content inside may also report via useModalDirty. */
  dirty?: boolean;
  children?: ReactNode;
};

/**
 * A Mantine Modal whose Escape, overlay click and close button ask before discarding typed
 * text. `onClose` is still the plain close: call it after a successful save. While a submit's
 * request is in flight those ways out do nothing: the text is being saved, not discarded, and
 * the answer closes the dialog (or shows its error next to the kept text).
 */
export function GuardedModal({ dirty = false, opened, onClose, children, ...rest }: GuardedModalProps) {
  const [reported, setReported] = useState(false);
  const { confirmDiscard } = useUnsavedGuard(opened && (dirty || reported));
  const queryClient = useQueryClient();
  const [sends] = useState(() => createSendTracker(queryClient));
  useEffect(() => {
    if (!opened) sends.reset();
  }, [opened, sends]);
  const requestClose = useCallback(() => {
    if (!sends.sending()) confirmDiscard(onClose);
  }, [sends, confirmDiscard, onClose]);
  const api = useMemo(() => ({ report: setReported, requestClose }), [requestClose]);
  return (
    <Modal opened={opened} onClose={requestClose} {...rest}>
      {/* Capture: the submit is noted before the form's own handler starts the request. */}
      <div style={{ display: 'contents' }} onSubmitCapture={() => sends.submitted()}>
        <GuardedModalContext.Provider value={api}>{children}</GuardedModalContext.Provider>
      </div>
    </Modal>
  );
}

/**
 * Inside a GuardedModal: reports whether the form holds unsaved text, and gives a guarded
 * close for the form's own Cancel button.
 */
export function useModalDirty(dirty: boolean): { requestClose: () => void } {
  const api = useContext(GuardedModalContext);
  if (!api) throw new Error('useModalDirty must be used inside a GuardedModal');
  const { report, requestClose } = api;
  useLayoutEffect(() => {
    report(dirty);
    return () => report(false);
  }, [report, dirty]);
  return { requestClose };
}
