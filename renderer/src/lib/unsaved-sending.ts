import type { QueryClient } from '@tanstack/react-query';

/**
 * A dialog's sends, for the unsaved-text guard. From a submit inside the dialog until every
 * request started since then is answered, the typed text is on its way to the server: it is
 * not "unsaved", and closing the dialog then would only hide the answer (a failed save keeps
 * the text in the dialog next to its error). Issue 22 point 17: the second click of a
 * double-click on Submit landed on the overlay (the form's error line had just gone, so the
 * button moved up) and asked to discard text that was being saved.
 */
export interface SendTracker {
  /** A form inside the dialog was submitted (call before its handler starts the request). */
  submitted(): void;
  /** The dialog closed: its next opening starts with nothing sent. */
  reset(): void;
  /** True while a request started since the last submit is still in flight. */
  sending(): boolean;
}

export function createSendTracker(client: QueryClient): SendTracker {
  let since: number | null = null;
  return {
    submitted() {
      since = Date.now();
    },
    reset() {
      since = null;
    },
    sending() {
      const from = since;
      if (from === null) return false;
      // Mutations record their start with Date.now() too, so one started by this submit is never earlier.
      return client.isMutating({ predicate: (mutation) => mutation.state.submittedAt >= from }) > 0;
    },
  };
}
