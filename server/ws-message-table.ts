import type { ClientMessage } from '../shared/contracts/live';

/**
 * Every message type a client may send on /ws (shared/contracts/live.ts clientMessageSchema; the
 * hub in server/live/hub.ts, the relay in server/live/prompter-relay.ts), with its rule:
 * - `auth`: the only message accepted before auth; a bad token closes 4401.
 * - `signedIn`: before auth it closes the socket with 1008 (policy), after it any role may send.
 * Scoping: `none`, or the company record the message names (`data.prompterId`): another
 * company's → `prompter_error` to the sender only, nobody hears it.
 */
export interface WsMessageEntry {
  type: ClientMessage['type'];
  rule: 'auth' | 'signedIn';
  scope: { kind: 'none' } | { kind: 'record'; record: 'prompter'; field: 'data.prompterId' };
  /** A valid message of this type naming `prompterId` where it names one. */
  sample: (prompterId: number) => unknown;
}

const prompterScope = { kind: 'record', record: 'prompter', field: 'data.prompterId' } as const;

export const WS_MESSAGE_TABLE: readonly WsMessageEntry[] = [
  { type: 'auth', rule: 'auth', scope: { kind: 'none' }, sample: () => ({ type: 'auth', token: 'not-a-session-token' }) },
  { type: 'ping', rule: 'signedIn', scope: { kind: 'none' }, sample: () => ({ type: 'ping' }) },
  {
    type: 'prompter_position',
    rule: 'signedIn',
    scope: prompterScope,
    sample: (prompterId) => ({ type: 'prompter_position', data: { prompterId, position: 10, sectionIndex: 0, speed: 100, playing: true } }),
  },
  { type: 'prompter_command', rule: 'signedIn', scope: prompterScope, sample: (prompterId) => ({ type: 'prompter_command', data: { prompterId, command: 'pause' } }) },
];
