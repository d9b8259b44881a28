import type { ClientMessage } from '../shared/contracts/live';
import type { OverlayClientMessage } from '../shared/contracts/overlay';

/**
 * Every message type a client may send on /ws (shared/contracts/live.ts clientMessageSchema; the
 * hub in server/live/hub.ts, the relay in server/live/prompter-relay.ts), with its rule:
 * - `auth`: the only message accepted before auth; a bad token closes 4401.
 * - `signedIn`: before auth it closes the socket with 1008 (policy), after it any role may send.
 * - `editPermission`: after auth, only roles that may save the record's kind (news.create,
 *   bulletins.manage, prompters.manage) — others get `editing_error`, nobody hears it.
 * Scoping: `none`, or the company record the message names (`data.prompterId`, `data.id` of
 * `data.kind`): another company's → an error to the sender only, nobody hears it.
 */
export interface WsMessageEntry {
  type: ClientMessage['type'];
  rule: 'auth' | 'signedIn' | 'editPermission';
  scope:
    | { kind: 'none' }
    | { kind: 'record'; record: 'prompter'; field: 'data.prompterId' }
    | { kind: 'record'; record: 'news'; field: 'data.id' };
  /** A valid message of this type naming the record (`id`) where it names one. */
  sample: (id: number) => unknown;
}

const prompterScope = { kind: 'record', record: 'prompter', field: 'data.prompterId' } as const;

export const WS_MESSAGE_TABLE: readonly WsMessageEntry[] = [
  {
    type: 'auth',
    rule: 'auth',
    scope: { kind: 'none' },
    sample: () => ({ type: 'auth', token: 'not-a-session-token' }),
  },
  { type: 'ping', rule: 'signedIn', scope: { kind: 'none' }, sample: () => ({ type: 'ping' }) },
  {
    type: 'prompter_position',
    rule: 'signedIn',
    scope: prompterScope,
    sample: (prompterId) => ({
      type: 'prompter_position',
      data: { prompterId, position: 10, sectionIndex: 0, speed: 100, playing: true },
    }),
  },
  {
    type: 'prompter_command',
    rule: 'signedIn',
    scope: prompterScope,
    sample: (prompterId) => ({ type: 'prompter_command', data: { prompterId, command: 'pause' } }),
  },
  // Presence while editing (issue 26); the matrix sends it for a story.
  {
    type: 'editing',
    rule: 'editPermission',
    scope: { kind: 'record', record: 'news', field: 'data.id' },
    sample: (id) => ({ type: 'editing', data: { kind: 'news', id, state: 'open' } }),
  },
];

/**
 * The HTML overlay's channel (issue 25, /overlay-ws, server/live/overlay-hub.ts): a separate
 * path with its own table. `overlayKey`: the only message accepted first; an unknown key closes
 * 4401. `afterKey`: answered after the key (ping → pong); before it, it closes 1008. Anything
 * else, at any time, closes 1008: the channel is read-only.
 */
export interface OverlayWsMessageEntry {
  type: OverlayClientMessage['type'];
  rule: 'overlayKey' | 'afterKey';
  sample: () => unknown;
}

export const OVERLAY_WS_MESSAGE_TABLE: readonly OverlayWsMessageEntry[] = [
  { type: 'overlay_auth', rule: 'overlayKey', sample: () => ({ type: 'overlay_auth', key: 'A'.repeat(43) }) },
  { type: 'ping', rule: 'afterKey', sample: () => ({ type: 'ping' }) },
];
