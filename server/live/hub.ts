import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import {
  WS_AUTH_TIMEOUT_MS,
  WS_CLOSE_REJOIN,
  WS_CLOSE_UNAUTHORIZED,
  WS_MAX_BUFFERED,
  WS_MAX_PAYLOAD,
  WS_PATH,
  WS_PING_INTERVAL_MS,
} from '../../shared/constants';
import { clientMessageSchema, type ClientMessage, type ControlMessage } from '../../shared/contracts/live';
import type { HaStatus } from '../../shared/contracts/ha';
import type { Actor } from '../lib/auth';
import type { CompanyEvent, EventBus, Revocation } from '../lib/event-bus';
import type { Logger } from '../lib/logger';
import type { ClientMessageHandler, HandlerResult } from './message-handlers';
import { PresenceCounter } from './presence';
import { heartbeat } from './heartbeat';

interface Client {
  socket: WebSocket;
  actor: Actor | null;
  /**
   * A message being handled that needed the store (the auth message's session lookup, a record
   * check): later messages wait for it and are handled in the order sent.
   */
  busy: Promise<void> | null;
  /** Messages waiting behind `busy`: bounded, so a client cannot make the server buffer. */
  waiting: number;
  alive: boolean;
  /** When the session behind the socket ends (ms since epoch; re-read when reached). */
  deadline: number;
  /** Messages received in the current budget window. */
  received: number;
  windowStart: number;
}

export interface LiveHubOptions {
  bus: EventBus;
  logger: Logger;
  authenticate(token: string): Promise<Actor | null>;
  /** When a session ends (absolute or idle expiry) without touching it, or null when it is gone. */
  sessionDeadline(tokenHash: string): Promise<number | null>;
  now(): number;
  pingIntervalMs?: number;
  /** How often sockets are checked against their session's expiry. */
  expiryCheckMs?: number;
  /** Messages beyond auth and ping (follower screens' prompter messages, editing presence). */
  relay?: ClientMessageHandler;
  /**
   * Other WebSocket paths on the same HTTP server (the HTML overlay's /overlay-ws, issue 25):
   * they pass the same Origin check, then their own hub takes the socket. /ws is unchanged.
   */
  otherPaths?: Record<string, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>;
  /** Said in every auth_ok: this start's id and the store's last restore (issue 41: clients reload). */
  identity?: () => { bootId: string; restoredAt: string | null };
}

/** An authenticated client may send this many messages per window (it needs ~none). */
const MESSAGE_BUDGET = 20;
/** Messages a client may send while one of its messages waits for the store (a relay burst fits). */
const MAX_WAITING = 64;
const BUDGET_WINDOW_MS = 10_000;
/** Close code for a client that breaks the protocol (RFC 6455 policy violation). */
const CLOSE_POLICY = 1008;
const CLOSE_SERVER_ERROR = 1011;
/** A Buffer sent with binary: false is a text frame: browsers get a string, as before. */
const TEXT_FRAME = { binary: false } as const;

/**
 * The live channel (docs/design-rules.md §4): sockets join their company's room after an auth message;
 * each broadcast is serialised once; a client that cannot keep up is cut off rather than
 * buffering without bound and slowing everyone else.
 */
export class LiveHub {
  // No automatic pong to protocol pings: a client that pings and never reads would make us
  // buffer pongs without bound (browsers never send protocol pings). No permessage-deflate
  // (ws's server default, stated here because broadcasts share one encoded payload per event).
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_PAYLOAD,
    autoPong: false,
    perMessageDeflate: false,
  });
  private readonly clients = new Set<Client>();
  private readonly rooms = new Map<number, Set<Client>>();
  /** Counts revocations, so a join whose lookup a revocation overtook looks the session up again. */
  private revocations = 0;
  private readonly presence = new PresenceCounter();
  private readonly timer: NodeJS.Timeout;
  private readonly expiryTimer: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly options: LiveHubOptions) {
    this.wss.on('connection', (socket) => this.onConnection(socket));
    this.unsubscribe = [
      options.bus.subscribe((event) => this.broadcast(event)),
      options.bus.onRevoke((revocation) => this.revoke(revocation)),
      // Events from another server may have been missed: each client reconnects and reads again.
      options.bus.onGap((kind) =>
        kind === 'peer'
          ? this.tellAll({ type: 'read_again', data: null })
          : this.disconnectAll('Live updates were interrupted: reconnect'),
      ),
    ];
    this.timer = setInterval(() => this.heartbeat(), options.pingIntervalMs ?? WS_PING_INTERVAL_MS);
    this.timer.unref();
    this.expiryTimer = setInterval(() => void this.closeExpired(), options.expiryCheckMs ?? 1000);
    this.expiryTimer.unref();
  }

  /** Takes over HTTP upgrades on /ws; refuses cross-site browser origins at the handshake. */
  attach(server: Server): void {
    server.on('upgrade', (req, socket, head) => this.onUpgrade(req, socket, head));
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const other = Object.hasOwn(this.options.otherPaths ?? {}, url.pathname)
      ? this.options.otherPaths?.[url.pathname]
      : undefined;
    if (url.pathname !== WS_PATH && !other) return reject(socket, 404, 'Not Found');
    if (!sameOrigin(req)) return reject(socket, 403, 'Forbidden');
    if (other) return other(req, socket, head);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  private onConnection(socket: WebSocket): void {
    const client: Client = {
      socket,
      actor: null,
      busy: null,
      waiting: 0,
      alive: true,
      deadline: Infinity,
      received: 0,
      windowStart: this.options.now(),
    };
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

  /**
   * Before auth only the auth message is accepted (anything else closes the socket); after it a
   * small message budget. Nothing a client sends can make the server buffer without bound.
   */
  private onMessage(client: Client, raw: RawData): void {
    // A socket being closed (session ended, role changed) may still deliver what its client sent
    // before our close frame arrived: none of it is acted on under the old actor.
    if (client.socket.readyState !== client.socket.OPEN) return;
    // What a client sends right after its auth message is acted on as the actor it joins as.
    if (client.busy) {
      if (++client.waiting > MAX_WAITING) return client.socket.close(CLOSE_POLICY, 'Too many messages');
      return void client.busy.then(() => {
        client.waiting--;
        this.onMessage(client, raw);
      });
    }
    if (!client.actor) {
      if (!this.withinBudget(client)) return client.socket.close(CLOSE_POLICY, 'Too many messages');
      const message = parseClientMessage(raw);
      if (message?.type !== 'auth') return client.socket.close(CLOSE_POLICY, 'Authenticate first');
      return this.wait(
        client,
        this.join(client, message.token, message.userId),
        WS_CLOSE_UNAUTHORIZED,
        'Invalid token',
      );
    }
    const message = parseClientMessage(raw);
    // The relay has its own rate (follower screens send ~10 a second); beyond it, and for every
    // other message, the general budget applies.
    const relayed =
      message && this.options.relay ? this.options.relay.handle(client, client.actor, message) : { handled: false };
    if (relayed instanceof Promise)
      return this.wait(
        client,
        relayed.then((r) => this.afterRelay(client, r, message)),
      );
    this.afterRelay(client, relayed, message);
  }

  private afterRelay(client: Client, relayed: HandlerResult, message: ClientMessage | null): void {
    if (relayed.reply) this.send(client, relayed.reply);
    if (relayed.handled) return;
    if (!this.withinBudget(client)) return client.socket.close(CLOSE_POLICY, 'Too many messages');
    if (message?.type === 'ping') this.send(client, { type: 'pong', data: null });
  }

  /** Holds the client's later messages until `work` is done; a failure closes the socket. */
  private wait(client: Client, work: Promise<void>, code = CLOSE_SERVER_ERROR, reason = 'Server error'): void {
    client.busy = work
      .catch((err: unknown) => {
        this.options.logger.error('ws message failed', { err });
        client.socket.close(code, reason);
      })
      .finally(() => (client.busy = null));
  }

  private withinBudget(client: Client): boolean {
    const now = this.options.now();
    if (now - client.windowStart > BUDGET_WINDOW_MS) {
      client.windowStart = now;
      client.received = 0;
    }
    client.received += 1;
    return client.received <= (client.actor ? MESSAGE_BUDGET : 1);
  }

  private async join(client: Client, token: string, userId: number | undefined): Promise<void> {
    // A session ended or a role changed while the lookup ran is looked up again, not joined as it was.
    let actor: Actor | null;
    let deadline: number | null;
    let seen: number;
    do {
      seen = this.revocations;
      actor = await this.options.authenticate(token);
      deadline = actor ? await this.options.sessionDeadline(actor.tokenHash) : null;
    } while (seen !== this.revocations);
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (!actor || (userId !== undefined && userId !== actor.userId)) {
      client.socket.close(WS_CLOSE_UNAUTHORIZED, 'Invalid token');
      return;
    }
    client.actor = actor;
    client.received = 0; // the budget of an authenticated client starts now
    client.deadline = deadline ?? 0;
    const room = this.rooms.get(actor.companyId) ?? new Set<Client>();
    room.add(client);
    this.rooms.set(actor.companyId, room);
    const identity = this.options.identity?.() ?? { bootId: '', restoredAt: null };
    this.send(client, { type: 'auth_ok', data: { userId: actor.userId, ...identity } });
    for (const message of this.options.relay?.onJoin?.(client, actor) ?? []) this.send(client, message);
    if (this.presence.add(actor)) this.announcePresence(actor.companyId);
  }

  /** Every send obeys the buffer cut-off: a client that does not read is dropped, not fed. */
  private send(client: Client, message: ControlMessage): void {
    this.sendRaw(client, Buffer.from(JSON.stringify(message)));
  }

  /** `payload` is UTF-8 JSON; it always goes out as a TEXT frame, never binary. */
  private sendRaw(client: Client, payload: Buffer): void {
    if (client.socket.bufferedAmount > WS_MAX_BUFFERED) {
      this.options.logger.warn('ws client too slow; terminating', { userId: client.actor?.userId });
      client.socket.terminate();
      return;
    }
    client.socket.send(payload, TEXT_FRAME);
  }

  /** A socket lives no longer than its session: idle or absolute expiry closes it with 4401. */
  private async closeExpired(): Promise<void> {
    const now = this.options.now();
    for (const client of [...this.clients]) {
      if (!client.actor || now < client.deadline) continue;
      // The deadline may have moved (HTTP activity keeps a session alive): read it again. A store
      // that does not answer (issue 43: the main lost) ends no session: asked again next time.
      const deadline = await this.options.sessionDeadline(client.actor.tokenHash).then(
        (d) => d ?? 0,
        () => undefined,
      );
      if (deadline === undefined) continue;
      client.deadline = deadline;
      if (now >= client.deadline) client.socket.close(WS_CLOSE_UNAUTHORIZED, 'Session expired');
    }
  }

  private broadcast(event: CompanyEvent): void {
    const room = this.rooms.get(event.companyId);
    if (!room?.size) return;
    // Serialised and UTF-8 encoded once per event; ws then only adds its 2–4 byte header per
    // socket (a string would be converted to UTF-8 again inside every socket's write).
    const payload = Buffer.from(JSON.stringify({ type: event.type, data: event.data }));
    for (const client of room) this.sendRaw(client, payload);
  }

  /**
   * A socket acts as the actor it authenticated as. When the session ends it closes 4401; when
   * only the user changed (a role change, issue 37) it closes 4409 and the client reconnects,
   * authenticating again as the user is now. Out of the room at once, not when the close
   * handshake ends: nothing more reaches it and it can no longer act under the old role.
   */
  private revoke({ userId, tokenHash, rejoin }: Revocation): void {
    this.revocations++;
    for (const client of [...this.clients]) {
      const a = client.actor;
      if (!a || !((userId !== undefined && a.userId === userId) || (tokenHash && a.tokenHash === tokenHash))) continue;
      if (rejoin) {
        client.socket.close(WS_CLOSE_REJOIN, 'Your account changed: reconnect');
        this.leave(client);
      } else {
        client.socket.close(WS_CLOSE_UNAUTHORIZED, 'Session ended');
      }
    }
  }

  private heartbeat(): void {
    heartbeat(this.clients);
  }

  /** Idempotent: shutdown leaves before the socket's own close event does. */
  private leave(client: Client): void {
    if (!this.clients.delete(client) || !client.actor) return;
    this.rooms.get(client.actor.companyId)?.delete(client);
    this.options.relay?.onLeave?.(client, client.actor);
    if (this.presence.remove(client.actor)) this.announcePresence(client.actor.companyId);
  }

  /** A user's first socket came or last socket went: the company's dashboards refetch stats. */
  private announcePresence(companyId: number): void {
    this.options.bus.publish(companyId, 'presence_changed', {
      online: this.onlineUsers(companyId),
      onlineMcr: this.onlineMcr(companyId),
    });
  }

  /** Number of authenticated sockets of a company. */
  connectedCount(companyId: number): number {
    return this.rooms.get(companyId)?.size ?? 0;
  }

  /** Authenticated sockets over every station (what quitting the desktop app would cut off). */
  connectedTotal(): number {
    let n = 0;
    for (const room of this.rooms.values()) n += room.size;
    return n;
  }

  /** Distinct users of a company with at least one live connection (dashboard "Online"). */
  onlineUsers(companyId: number): number {
    return this.presence.users(companyId);
  }

  /** Distinct MCR-role users of a company with a live connection (dashboard "Online MCR"). */
  onlineMcr(companyId: number): number {
    return this.presence.mcr(companyId);
  }

  /** Every station's clients: a restore from a backup is starting (issue 41); they wait and reload. */
  announceRestore(data: { name: string; createdAt: string }): void {
    const payload = Buffer.from(JSON.stringify({ type: 'server_restoring', data }));
    for (const client of this.clients) if (client.actor) this.sendRaw(client, payload);
  }

  /**
   * Every station's clients: the server is moving its data to PostgreSQL (issue 42); they wait and
   * reload when it is back. `to` is the target with its password masked.
   */
  /** Main and backup (issue 43): every signed-in client of this server hears the pair's state. */
  announceHa(data: HaStatus): void {
    this.tellAll({ type: 'ha_status', data });
  }

  /** One control message to every signed-in client of this server. */
  private tellAll(message: ControlMessage): void {
    const payload = Buffer.from(JSON.stringify(message));
    for (const client of this.clients) if (client.actor) this.sendRaw(client, payload);
  }

  announceStoreMove(data: { to: string }): void {
    this.tellAll({ type: 'server_moving_store', data });
  }

  /**
   * Closes every live connection with 1012 (service restart): clients reconnect with backoff and
   * refetch what they missed. Used on shutdown so browsers know to come back.
   */
  disconnectAll(reason = 'Server restarting'): void {
    for (const client of [...this.clients]) {
      client.socket.close(1012, reason);
      this.leave(client);
    }
  }

  close(): void {
    clearInterval(this.timer);
    clearInterval(this.expiryTimer);
    this.unsubscribe.forEach((off) => off());
    this.options.relay?.close?.();
    this.disconnectAll();
    this.wss.close();
  }
}

function parseClientMessage(raw: RawData): ClientMessage | null {
  try {
    const result = clientMessageSchema.safeParse(JSON.parse(rawToString(raw)));
    return result.success ? result.data : null;
  } catch {
    return null;
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
