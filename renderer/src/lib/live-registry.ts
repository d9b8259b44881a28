import type { QueryKey } from '@tanstack/react-query';
import type { ControlMessage, ServerEventType, ServerEvents } from '@shared/contracts/live';

/**
 * What a live message does in the client. Features register their own entries (news, CG,
 * equipment, ...), so lib/live.ts never needs to know the features. Typed by the contract
 * (`ServerEvents`, and the two snapshot control messages): the server is trusted to send `data` of its event's shape.
 */
/** Every bus event, plus the two snapshots the server sends right after auth_ok. */
export type LiveEventType = ServerEventType | 'prompter_snapshot' | 'editing_snapshot';

/** The data of one live message type, as the contract says. */
export type LiveEventData<K extends LiveEventType> = K extends ServerEventType
  ? ServerEvents[K]
  : Extract<ControlMessage, { type: K }>['data'];

export interface LiveEventHandler<K extends LiveEventType = LiveEventType> {
  /** Query keys refreshed LIVE_REFRESH_DELAY_MS after the message (batched). */
  invalidate?: readonly QueryKey[];
  /** Extra reaction with the message's data, e.g. updating the session's own user. */
  handle?: (data: LiveEventData<K>) => void;
}

type AnyHandler = { invalidate?: readonly QueryKey[]; handle?: (data: unknown) => void };

const handlers = new Map<LiveEventType, Set<AnyHandler>>();

/** Registers a reaction to a server message type; returns the unregister function. */
export function registerLiveEvent<K extends LiveEventType>(type: K, handler: LiveEventHandler<K>): () => void {
  const entry = handler as AnyHandler;
  const set = handlers.get(type) ?? new Set<AnyHandler>();
  set.add(entry);
  handlers.set(type, set);
  return () => {
    set.delete(entry);
  };
}

/** The reactions to one message; `data` is handed on as the contract's type for `type`. */
export function liveHandlersFor(type: string): AnyHandler[] {
  return [...(handlers.get(type as LiveEventType) ?? [])];
}

/** Server messages that the spec turns into window events (dashboard toasts, notifications). */
export const LIVE_WINDOW_EVENTS: Readonly<Record<string, string>> = {
  breaking_news: 'breaking-news',
  equipment_overdue: 'equipment-overdue',
};
