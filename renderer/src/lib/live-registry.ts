import type { QueryKey } from '@tanstack/react-query';

/**
 * What a live message does in the client. Features register their own entries (news, CG,
 * equipment, ...), so lib/live.ts never needs to know the features.
 */
export interface LiveEventHandler {
  /** Query keys refreshed LIVE_REFRESH_DELAY_MS after the message (batched). */
  invalidate?: readonly QueryKey[];
  /** Extra reaction with the message's data, e.g. updating the session's own user. */
  handle?: (data: unknown) => void;
}

const handlers = new Map<string, Set<LiveEventHandler>>();

/** Registers a reaction to a server message type; returns the unregister function. */
export function registerLiveEvent(type: string, handler: LiveEventHandler): () => void {
  const set = handlers.get(type) ?? new Set<LiveEventHandler>();
  set.add(handler);
  handlers.set(type, set);
  return () => {
    set.delete(handler);
  };
}

export function liveHandlersFor(type: string): LiveEventHandler[] {
  return [...(handlers.get(type) ?? [])];
}

/** Server messages that the spec turns into window events (dashboard toasts, notifications). */
export const LIVE_WINDOW_EVENTS: Readonly<Record<string, string>> = {
  breaking_news: 'breaking-news',
  equipment_overdue: 'equipment-overdue',
};
