/**
 * Failures that never reached an answer from the server. Each message says what the operator
 * needs to know next: whether anything changed, and where to check when we cannot know.
 */
export type RequestFailureKind = 'offline' | 'unreachable' | 'timeout';

/** Writes wait at most this long: an on-air button must not stay disabled forever. */
export const WRITE_TIMEOUT_MS = 15_000;

const WRITE_MESSAGES: Record<RequestFailureKind, string> = {
  offline: 'Not sent: this computer is offline. Nothing was changed.',
  unreachable: 'Not sent: the server cannot be reached. Check the network, then try again.',
  timeout: `No answer from the server within ${WRITE_TIMEOUT_MS / 1000} seconds. It may still have been applied: check the ON AIR box before trying again.`,
};

const READ_MESSAGES: Record<RequestFailureKind, string> = {
  offline: 'Not loaded: this computer is offline.',
  unreachable: 'Not loaded: the server cannot be reached.',
  timeout: 'Not loaded: the server did not answer in time.',
};

export class RequestFailure extends Error {
  constructor(
    readonly kind: RequestFailureKind,
    readonly isWrite: boolean,
  ) {
    super((isWrite ? WRITE_MESSAGES : READ_MESSAGES)[kind]);
    this.name = 'RequestFailure';
  }
}

/** True when the browser itself knows it has no network (navigator.onLine is only reliable as false). */
export function browserIsOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
