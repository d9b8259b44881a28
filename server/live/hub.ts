import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import {
  WS_AUTH_TIMEOUT_MS,
  WS_CLOSE_UNAUTHORIZED,
  WS_MAX_BUFFERED,
  WS_MAX_PAYLOAD,
  WS_PATH,
  WS_PING_INTERVAL_MS,
} from '../../shared/constants';
import { clientMessageSchema, type ControlMessage } from '../../shared/contracts/live';
import type { Actor } from '../lib/auth';
import type { CompanyEvent, EventBus, Revocation } from '../lib/event-bus';
import type { Logger } from '../lib/logger';

interface Client {
  socket: WebSocket;
  actor: Actor | null;
  alive: boolean;
}

export interface LiveHubOptions {
  bus: EventBus;
  logger: Logger;
  authenticate(token: string): Actor | null;
  pingIntervalMs?: number;
}

/**
 * The live channel (DESIGN.md §4): sockets join their company's room after an auth message;
 * each broadcast is serialised once; a client that cannot keep up is cut off rather than
 * buffering without bound and slowing everyone else.
 */
export class LiveHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  private readonly clients = new Set<Client>();
  private readonly rooms = new Map<number, Set<Client>>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly options: LiveHubOptions) {
    this.wss.on('connection', (socket) => this.onConnection(socket));
    this.unsubscribe = [
      options.bus.subscribe((event) => this.broadcast(event)),
      options.bus.onRevoke((revocation) => this.revoke(revocation)),
    ];
    this.timer = setInterval(() => this.heartbeat(), options.pingIntervalMs ?? WS_PING_INTERVAL_MS);
    this.timer.unref();
  }

  /** Takes over HTTP upgrades on /ws; refuses cross-site browser origins at the handshake. */
  attach(server: Server): void {
    server.on('upgrade', (req, socket, head) => this.onUpgrade(req, socket, head));
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== WS_PATH) return reject(socket, 404, 'Not Found');
    if (!sameOrigin(req)) return reject(socket, 403, 'Forbidden');
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  private onConnection(socket: WebSocket): void {
    const client: Client = { socket, actor: null, alive: true };
    this.clients.add(client);
    const authTimer = setTimeout(() => {
      if (!client.actor) socket.close(WS_CLOSE_UNAUTHORIZED, 'Authentication timeout');
    }, WS_AUTH_TIMEOUT_MS);
    socket.on('pong', () => (client.alive = true));
    socket.on('message', (raw) => this.onMessage(client, raw));
    socket.on('error', (err) => this.options.logger.debug('ws error', { err }));
    socket.on('close', () => {
      clearTimeout(authTimer);
      this.leave(client);
    });
  }

  private onMessage(client: Client, raw: RawData): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawToString(raw));
    } catch {
      return; // unparsable client messages are ignored, like the client does with ours
    }
    const result = clientMessageSchema.safeParse(parsed);
    if (!result.success) return;
    const message = result.data;
    if (message.type === 'ping') return this.send(client, { type: 'pong', data: null });
    const actor = this.options.authenticate(message.token);
    if (!actor || (message.userId !== undefined && message.userId !== actor.userId)) {
      client.socket.close(WS_CLOSE_UNAUTHORIZED, 'Invalid token');
      return;
    }
    this.leave(client);
    client.actor = actor;
    this.clients.add(client);
    const room = this.rooms.get(actor.companyId) ?? new Set<Client>();
    room.add(client);
    this.rooms.set(actor.companyId, room);
    this.send(client, { type: 'auth_ok', data: { userId: actor.userId } });
  }

  private send(client: Client, message: ControlMessage): void {
    client.socket.send(JSON.stringify(message));
  }

  private broadcast(event: CompanyEvent): void {
    const room = this.rooms.get(event.companyId);
    if (!room?.size) return;
    const payload = JSON.stringify({ type: event.type, data: event.data });
    for (const client of room) {
      if (client.socket.bufferedAmount > WS_MAX_BUFFERED) {
        this.options.logger.warn('ws client too slow; terminating', { userId: client.actor?.userId });
        client.socket.terminate();
        continue;
      }
      client.socket.send(payload);
    }
  }

  private revoke({ userId, tokenHash }: Revocation): void {
    for (const client of this.clients) {
      const a = client.actor;
      if (a && ((userId !== undefined && a.userId === userId) || (tokenHash && a.tokenHash === tokenHash))) {
        client.socket.close(WS_CLOSE_UNAUTHORIZED, 'Session ended');
      }
    }
  }

  private heartbeat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  private leave(client: Client): void {
    this.clients.delete(client);
    if (client.actor) this.rooms.get(client.actor.companyId)?.delete(client);
  }

  /** Number of authenticated sockets of a company. */
  connectedCount(companyId: number): number {
    return this.rooms.get(companyId)?.size ?? 0;
  }

  /** Distinct users of a company with at least one live connection (dashboard "Online"). */
  onlineUsers(companyId: number): number {
    const users = new Set<number>();
    for (const client of this.rooms.get(companyId) ?? []) if (client.actor) users.add(client.actor.userId);
    return users.size;
  }

  /**
   * Closes every live connection with 1012 (service restart): clients reconnect with backoff and
   * refetch what they missed. Used on shutdown so browsers know to come back.
   */
  disconnectAll(): void {
    for (const client of [...this.clients]) {
      client.socket.close(1012, 'Server restarting');
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

function rawToString(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw as ArrayBuffer).toString('utf8');
}

/** Non-browser clients send no Origin; a browser's must name this very host. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}
