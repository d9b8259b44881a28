import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { create } from 'zustand';
import { LIVE_REFRESH_DELAY_MS, WS_CLOSE_UNAUTHORIZED, WS_PATH } from '@shared/constants';
import type { HaStatus, ServerList } from '@shared/contracts/ha';
import type { ClientMessage } from '@shared/contracts/live';
import { apiJson } from './api-client';
import { followFragment } from './follow/follow-session';
import { desktopApi } from './desktop';
import { pageEnv, ServerFollower } from './follow/server-follower';
import { LIVE_WINDOW_EVENTS, liveHandlersFor } from './live-registry';
import { queryClient } from './query-client';
import { useSession } from './session-store';

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_CAP_MS = 10_000;

interface LiveStatusState {
  connected: boolean;
}

/** GET /api/ha/status (issue 43); the live `ha_status` message carries the whole status, so it is set, not refetched. */
export const haStatusQueryKey = ['/api/ha/status'] as const;

/** Connected/Disconnected for the header; set by the socket, read by any component. */
export const useLiveStatus = create<LiveStatusState>(() => ({ connected: false }));

/**
 * A restore from a backup (issue 41) or a move of the store to PostgreSQL (issue 42) the server
 * announced: the shell covers the page until it reloads.
 */
export const useServerRestore = create<{
  restoring: { name: string; createdAt: string } | null;
  moving: { to: string } | null;
}>(() => ({
  restoring: null,
  moving: null,
}));

/** The server announced it is going away to come back on other data (a restore, a store move). */
export function serverRestarting(): boolean {
  const { restoring, moving } = useServerRestore.getState();
  return restoring !== null || moving !== null;
}

interface ServerIdentity {
  bootId?: string;
  restoredAt?: string | null;
}

export interface LiveSession {
  userId: number;
  token: string;
  /** Called when the server refuses the token (close 4401): the session is over. */
  onUnauthorized: () => void;
}

interface Envelope {
  type: string;
  data?: unknown;
}

export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** attempt);
}

function liveUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${WS_PATH}`;
}

/**
 * Issue 43, clients follow: the same page on a living server of the store, signed in there with
 * this session (localStorage is per origin; the store's sessions are good on every server).
 * replace: Back must not bring the page to the server that was gone.
 */
function followWithSession(origin: string): void {
  const { token, user } = useSession.getState();
  // Never while signed out, never to this page's own origin.
  if (!token || !user || origin === window.location.origin) return;
  const { pathname, search } = window.location;
  window.location.replace(`${origin}${pathname}${search}#${followFragment({ token, user })}`);
}

function parseEnvelope(raw: unknown): Envelope | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'type' in value && typeof value.type === 'string') {
      return value as Envelope;
    }
  } catch {
    // Fall through: logged by the caller.
  }
  return null;
}

/**
 * The one live channel per tab (docs/design-rules.md §4): authenticates, reconnects with capped exponential
 * backoff, refetches everything after a gap (events may have been missed), and turns server
 * messages into batched query refreshes and window events.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private session: LiveSession | null = null;
  private attempt = 0;
  private everConnected = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly pendingKeys = new Map<string, QueryKey>();
  /** The store's last restore as this page first saw it; another one later means its data are gone. */
  private seenRestore: string | null | undefined = undefined;
  private seenBoot: string | undefined = undefined;
  /** Issue 43: when this server is gone for good, the page moves to a living one of its store. */
  private followerOfPage: ServerFollower | null = null;

  constructor(private readonly client: QueryClient) {}

  /** Made on first use: the module is also imported outside a page (unit tests under Node). */
  private get follower(): ServerFollower {
    return (this.followerOfPage ??= new ServerFollower(pageEnv(followWithSession)));
  }

  connect(session: LiveSession): void {
    this.disconnect();
    this.session = session;
    this.attempt = 0;
    this.everConnected = false;
    window.addEventListener('online', this.reconnectNow);
    window.addEventListener('offline', this.dropForOffline);
    // A tab opened offline shows Disconnected at once instead of waiting for the socket to fail.
    if (navigator.onLine === false) useLiveStatus.setState({ connected: false });
    this.open();
  }

  disconnect(): void {
    this.session = null;
    window.removeEventListener('online', this.reconnectNow);
    window.removeEventListener('offline', this.dropForOffline);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'Logged out');
    useLiveStatus.setState({ connected: false });
    this.follower.reset();
  }

  send(message: ClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /**
   * The browser knows before the socket does (an open socket can sit silent for a ping
   * interval): show Disconnected now, drop the socket without waiting for a close handshake
   * that cannot complete, and try again on the normal backoff or at the 'online' event.
   */
  private readonly dropForOffline = (): void => {
    useLiveStatus.setState({ connected: false });
    const socket = this.socket;
    if (!socket || !this.session) return;
    this.socket = null;
    socket.onclose = null;
    socket.onmessage = null;
    socket.close();
    this.scheduleReconnect();
  };

  private scheduleReconnect(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, reconnectDelay(this.attempt++));
  }

  private readonly reconnectNow = (): void => {
    if (!this.session || this.socket) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.open();
  };

  private open(): void {
    const session = this.session;
    if (!session) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(liveUrl());
    } catch (error) {
      // Spec 000 §8: if the channel cannot be created, live updates stay off for this session.
      console.error('Live updates disabled: cannot open the live channel', error);
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.send({ type: 'auth', userId: session.userId, token: session.token });
    socket.onmessage = (event) => this.onMessage(event.data);
    socket.onclose = (event) => this.onClose(socket, event.code);
  }

  private onClose(socket: WebSocket, code: number): void {
    if (this.socket !== socket) return; // an old socket closing after logout or reconnect
    this.socket = null;
    useLiveStatus.setState({ connected: false });
    const session = this.session;
    if (!session) return;
    if (code === WS_CLOSE_UNAUTHORIZED) {
      this.disconnect();
      session.onUnauthorized();
      // After a restore the session may not be in the backup: a fresh page at the login.
      if (serverRestarting()) window.location.reload();
      return;
    }
    // A restore or a store move brings this server back on other data: wait for it, do not leave.
    // The desktop window is its own PC's server's: that server comes back (the host restarts it),
    // and the window must keep working on this PC, not move to another (issue 43).
    if (!serverRestarting() && !desktopApi()) this.follower.serverLost();
    this.scheduleReconnect();
  }

  private onMessage(raw: unknown): void {
    const message = parseEnvelope(raw);
    if (!message) {
      console.warn('Ignoring an unparsable live message', raw);
      return;
    }
    if (message.type === 'auth_ok') return this.onAuthenticated(message.data as ServerIdentity | undefined);
    if (message.type === 'pong') return;
    if (message.type === 'server_restoring') {
      useServerRestore.setState({ restoring: message.data as { name: string; createdAt: string } });
      // Come back as soon as the server does, not after a long backoff.
      this.attempt = 0;
      return;
    }
    if (message.type === 'ha_status') {
      const status = message.data as HaStatus;
      this.client.setQueryData(haStatusQueryKey, status);
      // A takeover restarts the server onto the backup: come back as soon as it is up.
      if (status.takeover?.state === 'restarting') this.attempt = 0;
      return;
    }
    // A server of the store died: its last change may not have reached us (issue 43).
    if (message.type === 'read_again') return void this.client.invalidateQueries();
    if (message.type === 'server_moving_store') {
      useServerRestore.setState({ moving: message.data as { to: string } });
      this.attempt = 0;
      return;
    }
    this.dispatch(message);
  }

  private onAuthenticated(identity: ServerIdentity = {}): void {
    if (this.reloadsAfterRestore(identity)) return;
    this.follower.serverAnswered();
    void this.loadServers();
    useLiveStatus.setState({ connected: true });
    this.attempt = 0;
    // After a gap we cannot know what we missed: refetch every active query.
    if (this.everConnected) void this.client.invalidateQueries();
    this.everConnected = true;
  }

  /** The store's living servers now (this one first): where the follower may go if this one is lost. */
  private async loadServers(): Promise<void> {
    const session = this.session;
    try {
      const { servers } = await apiJson<ServerList>('GET', '/api/ha/servers');
      if (this.session === session) this.follower.remember(servers);
    } catch (error) {
      console.warn('Could not list the servers of this store', error);
    }
  }

  /**
   * Issue 41: a server that restarted on a backup (announced, or restored while this page was away)
   * holds other data than every cache and form of this page: reload rather than show either.
   */
  private reloadsAfterRestore({ bootId, restoredAt = null }: ServerIdentity): boolean {
    const restored = this.seenRestore !== undefined && restoredAt !== this.seenRestore;
    const announcedAndBack = serverRestarting() && bootId !== this.seenBoot;
    this.seenRestore ??= restoredAt;
    this.seenBoot ??= bootId;
    if (!restored && !announcedAndBack) return false;
    window.location.reload();
    return true;
  }

  private dispatch(message: Envelope): void {
    const windowEvent = LIVE_WINDOW_EVENTS[message.type];
    if (windowEvent) window.dispatchEvent(new CustomEvent(windowEvent, { detail: message.data }));
    for (const handler of liveHandlersFor(message.type)) {
      handler.invalidate?.forEach((key) => this.pendingKeys.set(JSON.stringify(key), key));
      try {
        handler.handle?.(message.data);
      } catch (error) {
        console.error(`Live handler for ${message.type} failed`, error);
      }
    }
    this.scheduleRefresh();
  }

  /** One refresh per burst: a bulk import sends many events but needs one refetch. */
  private scheduleRefresh(): void {
    if (this.refreshTimer || this.pendingKeys.size === 0) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      const keys = [...this.pendingKeys.values()];
      this.pendingKeys.clear();
      for (const queryKey of keys) void this.client.invalidateQueries({ queryKey });
    }, LIVE_REFRESH_DELAY_MS);
  }
}

export const live = new LiveConnection(queryClient);
