import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  WS_AUTH_TIMEOUT_MS,
  WS_CLOSE_UNAUTHORIZED,
  WS_MAX_BUFFERED,
  WS_PING_INTERVAL_MS,
} from '../../shared/constants';
import {
  overlayClientMessageSchema,
  type OverlayClientMessage,
  type OverlayConnections,
  type OverlayServerMessage,
} from '../../shared/contracts/overlay';
import type { CompanyEvent, EventBus } from '../lib/event-bus';
import type { Logger } from '../lib/logger';
import { heartbeat } from './heartbeat';

interface OverlayClient {
  socket: WebSocket;
  companyId: number | null;
  /** Said it is a /outputs preview frame: cut off by a rotation like any overlay, counted apart (not hidden). */
  preview: boolean;
  alive: boolean;
  received: number;
  windowStart: number;
  /** Its key is being looked up: what it sends meanwhile (pings) is not acted on. */
  joining: boolean;
  /** In its room, snapshot not yet sent: the room's messages wait here, then follow the snapshot. */
  held: Buffer[] | null;
}

export interface OverlayHubOptions {
  bus: EventBus;
  logger: Logger;
  /** The company whose overlay key this is, or null (unknown, malformed, rotated away). */
  companyForKey(key: string): Promise<number | null>;
  snapshot(companyId: number): Promise<Extract<OverlayServerMessage, { type: 'overlay_snapshot' }>['data']>;
  now(): number;
  pingIntervalMs?: number;
}

/** An overlay pings at most every few seconds; 20 per 10 s leaves room and nothing more. */
const MESSAGE_BUDGET = 20;
const BUDGET_WINDOW_MS = 10_000;
const CLOSE_POLICY = 1008;
const TEXT_FRAME = { binary: false } as const;
/** Small: the overlay sends its key and pings, nothing else. */
const OVERLAY_MAX_PAYLOAD = 1024;

/**
 * The HTML overlay's live channel (issue 25), beside /ws and sharing none of its rooms: a socket
 * presents the company's overlay key, gets a snapshot of the CG state, then only CG changes and
 * layout changes of that company. It is read-only: anything but the key and pings closes it.
 * Rotating the key closes every overlay of the company (4401) at once.
 */
export class OverlayHub {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: OVERLAY_MAX_PAYLOAD,
    autoPong: false,
    perMessageDeflate: false,
  });
  private readonly clients = new Set<OverlayClient>();
  private readonly rooms = new Map<number, Set<OverlayClient>>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly options: OverlayHubOptions) {
    this.wss.on('connection', (socket) => this.onConnection(socket));
    this.unsubscribe = [
      options.bus.subscribe((event) => this.onEvent(event)),
      // CG changes from another server may have been missed: the graphics read the whole state again.
      options.bus.onGap(() => void this.resendSnapshots()),
    ];
    this.timer = setInterval(() => this.heartbeat(), options.pingIntervalMs ?? WS_PING_INTERVAL_MS);
    this.timer.unref();
  }

  /** Called by the main hub's upgrade handler for the overlay path (same Origin rule as /ws). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  private onConnection(socket: WebSocket): void {
    const client: OverlayClient = {
      socket,
      companyId: null,
      preview: false,
      alive: true,
      received: 0,
      windowStart: this.options.now(),
      joining: false,
      held: null,
    };
    this.clients.add(client);
    const authTimer = setTimeout(() => {
      if (client.companyId === null) socket.close(WS_CLOSE_UNAUTHORIZED, 'Authentication timeout');
    }, WS_AUTH_TIMEOUT_MS);
    socket.on('pong', () => (client.alive = true));
    socket.on('message', (raw) => this.onMessage(client, raw));
    socket.on('error', (err) => this.options.logger.debug('overlay ws error', { err }));
    socket.on('close', () => {
      clearTimeout(authTimer);
      this.leave(client);
    });
  }

  private onMessage(client: OverlayClient, raw: RawData): void {
    if (client.joining) return;
    if (!this.withinBudget(client)) return client.socket.close(CLOSE_POLICY, 'Too many messages');
    const message = parse(raw);
    if (client.companyId === null) {
      if (message?.type !== 'overlay_auth') return client.socket.close(CLOSE_POLICY, 'Send the overlay key first');
      client.preview = message.preview === true;
      client.joining = true;
      this.join(client, message.key)
        .catch((err: unknown) => {
          this.options.logger.error('overlay join failed', { err });
          client.socket.close(1011, 'Server error');
        })
        .finally(() => (client.joining = false));
      return;
    }
    if (message?.type === 'ping') return this.send(client, { type: 'pong', data: null });
    client.socket.close(CLOSE_POLICY, 'The overlay channel is read-only');
  }

  private withinBudget(client: OverlayClient): boolean {
    const now = this.options.now();
    if (now - client.windowStart > BUDGET_WINDOW_MS) {
      client.windowStart = now;
      client.received = 0;
    }
    client.received += 1;
    return client.received <= (client.companyId === null ? 1 : MESSAGE_BUDGET);
  }

  /**
   * Key, room, then snapshot: in the room before the snapshot is read, with the room's messages
   * held until the snapshot is sent and then sent after it, so no CG change falls between them
   * (each carries its type's whole text: one already in the snapshot is sent again, harmlessly).
   * The key is looked up again once in the room: a rotation committed meanwhile cuts it off.
   */
  private async join(client: OverlayClient, key: string): Promise<void> {
    const companyId = await this.options.companyForKey(key);
    if (!this.clients.has(client)) return;
    if (companyId === null) return client.socket.close(WS_CLOSE_UNAUTHORIZED, 'Unknown overlay key');
    client.companyId = companyId;
    client.received = 0;
    client.held = [];
    const room = this.rooms.get(companyId) ?? new Set<OverlayClient>();
    room.add(client);
    this.rooms.set(companyId, room);
    if ((await this.options.companyForKey(key)) !== companyId) {
      client.socket.close(WS_CLOSE_UNAUTHORIZED, 'Overlay key rotated');
      return this.leave(client);
    }
    this.release(client, snapshotPayload(await this.options.snapshot(companyId)));
  }

  private onEvent(event: CompanyEvent): void {
    const room = this.rooms.get(event.companyId);
    if (!room?.size) return;
    if (event.type === 'overlay_key_rotated') {
      // Out of the room now, not when the close handshake ends: nothing more reaches them.
      for (const client of [...room]) {
        client.socket.close(WS_CLOSE_UNAUTHORIZED, 'Overlay key rotated');
        this.leave(client);
      }
      return;
    }
    const message = overlayMessageOf(event);
    if (!message) return;
    const payload = Buffer.from(JSON.stringify(message));
    for (const client of room) this.sendRaw(client, payload);
  }

  private send(client: OverlayClient, message: OverlayServerMessage): void {
    this.sendRaw(client, Buffer.from(JSON.stringify(message)));
  }

  /** A playout PC that stops reading is cut off rather than buffered for without bound. */
  private sendRaw(client: OverlayClient, payload: Buffer): void {
    if (client.held) {
      client.held.push(payload);
      return;
    }
    if (client.socket.bufferedAmount > WS_MAX_BUFFERED) {
      this.options.logger.warn('overlay client too slow; terminating', { companyId: client.companyId });
      client.socket.terminate();
      return;
    }
    client.socket.send(payload, TEXT_FRAME);
  }

  private heartbeat(): void {
    heartbeat(this.clients);
  }

  private leave(client: OverlayClient): void {
    if (!this.clients.delete(client) || client.companyId === null) return;
    this.rooms.get(client.companyId)?.delete(client);
  }

  /**
   * Every socket on the company's key now, and how many of them said they are a /outputs preview
   * (issue 37 #10). The preview flag is the page's own word — anyone holding the URL can send it —
   * so it never hides a socket from `connected`: an admin deciding whether to rotate sees them all.
   */
  connections(companyId: number): OverlayConnections {
    const room = this.rooms.get(companyId) ?? new Set<OverlayClient>();
    let previews = 0;
    for (const client of room) if (client.preview) previews += 1;
    return { connected: room.size, previews };
  }

  /** Overlays that did not say they are a preview: what the as-run log counts as outputs a CG change went to. */
  outputCount(companyId: number): number {
    const { connected, previews } = this.connections(companyId);
    return connected - previews;
  }

  /**
   * A fresh snapshot to every overlay in a room, without closing it (the graphic on air does not
   * blink). As on joining, the room's changes are held while the snapshot is read and sent after
   * it, so an older snapshot never lands over a newer change.
   */
  private async resendSnapshots(): Promise<void> {
    for (const [companyId, room] of this.rooms) {
      const ready = [...room].filter((c) => !c.held);
      for (const client of ready) client.held = [];
      let snapshot: Buffer | undefined;
      try {
        snapshot = snapshotPayload(await this.options.snapshot(companyId));
      } catch (err) {
        this.options.logger.warn('overlay snapshot not read again', { companyId, err: String(err) });
      }
      for (const client of ready) this.release(client, snapshot);
    }
  }

  /** Sends `first` (a snapshot), then what was held for the client meanwhile; from then on sends at once. */
  private release(client: OverlayClient, first?: Buffer): void {
    const held = client.held ?? [];
    client.held = null;
    if (!this.clients.has(client)) return;
    if (first) this.sendRaw(client, first);
    for (const payload of held) this.sendRaw(client, payload);
  }

  /** Closes every overlay with `code`: 1012 on shutdown (they reconnect); tests use it to force a reconnect. */
  disconnectAll(code = 1012, reason = 'Server restarting'): void {
    for (const client of [...this.clients]) {
      client.socket.close(code, reason);
      this.leave(client);
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.unsubscribe.forEach((off) => off());
    this.disconnectAll();
    this.wss.close();
  }
}

/** Only what an overlay draws leaves the server: CG texts and the layout; every other event stays. */
function overlayMessageOf(event: CompanyEvent): OverlayServerMessage | null {
  if (event.type === 'cg_file_updated') {
    const { type, content, updatedAt, deleted } = event.data as CompanyEvent<'cg_file_updated'>['data'];
    return { type: 'cg_file_updated', data: { type, content: deleted ? '' : content, updatedAt } };
  }
  if (event.type === 'overlay_layout_updated')
    return { type: 'overlay_layout', data: event.data as CompanyEvent<'overlay_layout_updated'>['data'] };
  if (event.type === 'settings_updated')
    return {
      type: 'overlay_clock',
      data: { timeZone: (event.data as CompanyEvent<'settings_updated'>['data']).timeZone },
    };
  return null;
}

function parse(raw: RawData): OverlayClientMessage | null {
  try {
    const text = Array.isArray(raw)
      ? Buffer.concat(raw).toString('utf8')
      : Buffer.from(raw as ArrayBuffer).toString('utf8');
    const result = overlayClientMessageSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function snapshotPayload(data: Extract<OverlayServerMessage, { type: 'overlay_snapshot' }>['data']): Buffer {
  return Buffer.from(JSON.stringify({ type: 'overlay_snapshot', data } satisfies OverlayServerMessage));
}
