import { OVERLAY_WS_PATH } from '@shared/constants';
import type { OverlayServerMessage } from '@shared/contracts/overlay';

export interface OverlayChannelHandlers {
  onMessage(message: OverlayServerMessage): void;
  /** Connected and authorised (true), or lost (false): the page shows its own state, not on air. */
  onStatus?(connected: boolean): void;
  /** The key was refused (rotated away): nothing may stay on air from it. */
  onRefused?(): void;
}

const BACKOFF_START_MS = 500;
const BACKOFF_MAX_MS = 10_000;
/** A refused key (rotated away) is asked again rarely: it only comes back if rotated… never. */
const REFUSED_RETRY_MS = 30_000;
/** Our own ping: a pulled cable shows no close event for minutes; a missing pong shows it in seconds. */
const PING_EVERY_MS = 5_000;
const PONG_WITHIN_MS = 4_000;
const UNAUTHORIZED = 4401;

/**
 * The overlay's read-only live channel (/overlay-ws): the key first, then snapshot + changes.
 * Reconnects by itself with backoff; every connection starts with a fresh snapshot that replaces
 * what the page shows, so after a reconnect it is the current state, never an old one.
 */
export class OverlayChannel {
  private socket: WebSocket | null = null;
  private delay = BACKOFF_START_MS;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongDeadline: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly key: string,
    private readonly handlers: OverlayChannelHandlers,
  ) {}

  connect(): void {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(`${scheme}//${location.host}${OVERLAY_WS_PATH}`);
    this.socket = socket;
    // In a frame it is /outputs' preview: the server does not count it as a connected output.
    socket.onopen = () =>
      socket.send(JSON.stringify({ type: 'overlay_auth', key: this.key, preview: window.self !== window.top }));
    socket.onmessage = (event) => this.receive(event);
    socket.onclose = (event) => this.lost(socket, event.code);
  }

  private receive(event: MessageEvent): void {
    let message: OverlayServerMessage;
    try {
      message = JSON.parse(String(event.data)) as OverlayServerMessage;
    } catch {
      return;
    }
    if (message.type === 'pong') return this.clearPongDeadline();
    if (message.type === 'overlay_snapshot') {
      this.delay = BACKOFF_START_MS;
      this.startPings();
      this.handlers.onStatus?.(true);
    }
    this.handlers.onMessage(message);
  }

  private lost(socket: WebSocket, code: number): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.stopPings();
    this.handlers.onStatus?.(false);
    if (code === UNAUTHORIZED) this.handlers.onRefused?.();
    const wait = code === UNAUTHORIZED ? REFUSED_RETRY_MS : this.delay;
    this.delay = Math.min(this.delay * 2, BACKOFF_MAX_MS);
    setTimeout(() => this.connect(), wait);
  }

  private startPings(): void {
    this.stopPings();
    this.pingTimer = setInterval(() => {
      const socket = this.socket;
      if (socket?.readyState !== WebSocket.OPEN) return;
      socket.send('{"type":"ping"}');
      // A dead link may take long to report its close: give up on this socket now and reconnect.
      this.pongDeadline ??= setTimeout(() => {
        socket.close();
        this.lost(socket, 1006);
      }, PONG_WITHIN_MS);
    }, PING_EVERY_MS);
  }

  private clearPongDeadline(): void {
    if (this.pongDeadline) clearTimeout(this.pongDeadline);
    this.pongDeadline = null;
  }

  private stopPings(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.clearPongDeadline();
  }
}
