import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { openOwnConnection } from '../db/pg-client';
import type { BusMessage, EventBus } from '../lib/event-bus';
import type { Logger } from '../lib/logger';

/** The PostgreSQL channel every server on the store listens on (LISTEN/NOTIFY, issue 43). */
export const LIVE_CHANNEL = 'cgb_live';
/** A NOTIFY payload holds at most 8000 bytes; a longer message goes as parts of one transaction. */
export const PART_BYTES = 7_000;
const RECONNECT_MIN_MS = 250;
const SENDER_PREFIX = 'cg-bridge live sender ';
/** How often a server looks for servers that left the store (a crash leaves no word). */
const PEER_WATCH_MS = 2_000;
const RECONNECT_MAX_MS = 5_000;

/**
 * Carries the live bus between the servers sharing one PostgreSQL store (issue 43) over the
 * engine's own LISTEN/NOTIFY, not a broker of ours: every event and revocation a server publishes
 * is NOTIFYed after its commit, and each other server hands it to its own bus (its clients, its
 * caches). Two connections of its own: one listening, one sending, so a server's messages reach the
 * others in the order it published them.
 *
 * A message can be lost only while a connection is down. So when the listener is back, or the
 * sender is back and says so to the others, the bus is told of a gap: caches drop everything and
 * the clients reconnect and read again rather than show what may be stale.
 */
export class PgRelay {
  /** This server's name on the channel: its own messages come back to it and are skipped. */
  readonly origin = randomUUID();
  private seq = 0;
  private sending: Promise<unknown> = Promise.resolve();
  private listener: pg.Client | null = null;
  private sender: pg.Client | null = null;
  private readonly parts = new Map<string, string[]>();
  private detach: () => void = () => {};
  private closed = false;
  private address: string | null = null;
  /** The servers on the store at the last look (watchPeers). */
  private peers = new Set<string>();
  private peerWatch: NodeJS.Timeout | null = null;
  /** Servers that said they stop on purpose: their leaving is no gap. */
  private readonly saidBye = new Set<string>();
  private listenFailures = 0;
  private sendFailures = 0;
  /**
   * Where the main's WAL stood when each recent change was announced, this server's and the
   * others' (issue 43): what a backup had not received of them is what a takeover would lose.
   */
  readonly heard = new HeardPositions();

  constructor(
    private readonly url: string,
    private readonly bus: EventBus,
    private readonly logger: Logger,
  ) {}

  /** Listening and sending before the server takes requests; a store that is down fails the start. */
  async start(): Promise<void> {
    await Promise.all([this.listen(), this.connectSender()]);
    this.detach = this.bus.relayTo((message) => this.send(message));
    this.peers = new Set(await this.livingServerIds());
    this.peerWatch = setInterval(() => void this.watchPeers(), PEER_WATCH_MS);
    this.peerWatch.unref();
  }

  /**
   * A server that died may have answered a write and not yet announced it (the NOTIFY follows the
   * commit): when one leaves the store, what this server shows and keeps may lack its last
   * changes, so it is a gap like a lost connection — caches drop, pages and CG folders read again.
   */
  private async watchPeers(): Promise<void> {
    const now = await this.livingServerIds().catch(() => null);
    if (!now || this.closed) return;
    const gone = [...this.peers].filter((id) => id !== this.serverId && !now.includes(id) && !this.saidBye.has(id));
    for (const id of this.saidBye) if (!now.includes(id)) this.saidBye.delete(id);
    this.peers = new Set(now);
    if (gone.length === 0) return;
    this.logger.warn('a server left the store: reading everything again', { servers: gone });
    this.bus.receiveGap('peer');
  }

  /** How many other servers listen on this database now (each relay's listener is named; see applicationName). */
  async othersListening(): Promise<number> {
    const { rows } = await this.listener!.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name like 'cg-bridge live listener %' and application_name <> $1`,
      [this.applicationName('listener')],
    );
    return rows[0]?.n ?? 0;
  }

  async close(): Promise<void> {
    if (this.peerWatch) clearInterval(this.peerWatch);
    // A server that stops on purpose has said everything: the others need not read again (watchPeers).
    this.notify([[this.header(0, 1), 'bye']]);
    this.closed = true;
    this.detach();
    const clients = [this.listener, this.sender].filter((c): c is pg.Client => c !== null);
    this.listener = this.sender = null;
    // After the last message this server queued (bounded: a hung connection must not hold the shutdown).
    await Promise.race([this.sending, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }

  /**
   * Named in pg_stat_activity, so an engineer (or a test) can tell the relay's connections apart.
   * The sender's name also carries this server's address once it listens (announce): the list of
   * living servers clients follow is the engine's own list of connections (servers()).
   */
  applicationName(which: 'listener' | 'sender'): string {
    const name = `${SENDER_PREFIX.replace('sender', which)}${this.origin.slice(0, 8)}`;
    return which === 'sender' && this.address ? `${name} ${this.address}` : name;
  }

  /** This server's short id, as its connections' names carry it (editing presence's holders: issue 43). */
  get serverId(): string {
    return this.origin.slice(0, 8);
  }

  /** The ids of every server listening on this store now, this one's included. */
  async livingServerIds(): Promise<string[]> {
    const { rows } = await this.listener!.query<{ name: string }>(
      `select application_name as name from pg_stat_activity
       where datname = current_database() and application_name like 'cg-bridge live listener %'`,
    );
    return rows.map((r) => r.name.split(' ')[3] ?? '').filter(Boolean);
  }

  /** This server's address for browsers and graphics PCs (http://192.168.1.20:3000), told to the others. */
  async announce(address: string): Promise<void> {
    this.address = address;
    await this.sender
      ?.query(`select set_config('application_name', $1, false)`, [this.applicationName('sender')])
      .catch(() => undefined);
  }

  /**
   * The addresses of every server on this store now (issue 43: clients follow a living one),
   * this one first: each server's sending connection carries its address in its name, and
   * PostgreSQL forgets a connection the moment its server is gone.
   */
  async servers(): Promise<string[]> {
    const { rows } = await this.listener!.query<{ name: string }>(
      `select application_name as name from pg_stat_activity
       where datname = current_database() and application_name like $1 order by backend_start`,
      [`${SENDER_PREFIX}%`],
    );
    const others = rows.map((r) => r.name.split(' ')[4]).filter((a): a is string => Boolean(a) && a !== this.address);
    return [...(this.address ? [this.address] : []), ...new Set(others)];
  }

  private async listen(): Promise<void> {
    this.listener = await openOwnConnection(this.url, this.applicationName('listener'), {
      prepare: (client) =>
        client.on('notification', (n) => {
          if (n.channel === LIVE_CHANNEL && n.payload) this.onPayload(n.payload);
        }),
      ready: (client) => client.query(`LISTEN ${LIVE_CHANNEL}`),
      onEnd: (client) => this.lost('listener', client),
    });
    this.listenFailures = 0;
  }

  private async connectSender(): Promise<void> {
    this.sender = await openOwnConnection(this.url, this.applicationName('sender'), {
      onEnd: (client) => this.lost('sender', client),
    });
    this.sendFailures = 0;
  }

  /** A connection ended (PostgreSQL restarted, the network dropped): open it again, then report the gap. */
  private lost(which: 'listener' | 'sender', client: pg.Client): void {
    if (this.closed) return;
    if (which === 'listener' && this.listener === client) this.listener = null;
    if (which === 'sender' && this.sender === client) this.sender = null;
    this.logger.warn('live updates between servers interrupted; reconnecting', { connection: which });
    this.parts.clear();
    this.retry(which);
  }

  private retry(which: 'listener' | 'sender'): void {
    const failures = which === 'listener' ? ++this.listenFailures : ++this.sendFailures;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** (failures - 1));
    setTimeout(() => void this.reconnect(which), delay).unref();
  }

  private async reconnect(which: 'listener' | 'sender'): Promise<void> {
    if (this.closed) return;
    try {
      if (which === 'listener') await this.listen();
      else await this.connectSender();
    } catch {
      return this.retry(which);
    }
    if (this.closed) return void this.close();
    this.logger.info('live updates between servers back', { connection: which });
    // What this server missed hearing, or what the others missed of it: everyone reads again.
    if (which === 'listener') this.bus.receiveGap();
    else this.notify([[this.header(0, 1), 'gap']]);
  }

  private send(message: BusMessage): void {
    const text = JSON.stringify(message);
    const chunks = splitBytes(text, PART_BYTES);
    this.notify(chunks.map((chunk, i) => [this.header(i, chunks.length), chunk]));
  }

  /**
   * "origin seq part count " before each part: seq ties the parts of one message together; the
   * engine adds "lsn " after it as it sends (notify).
   */
  private header(part: number, count: number): string {
    if (part === 0) this.seq += 1;
    return `${this.origin} ${this.seq} ${part} ${count} `;
  }

  /**
   * In publishing order, one statement at a time on one connection (a chain, not pg's deprecated
   * queue of concurrent queries); the parts of one message in one transaction, delivered together.
   */
  private notify(payloads: Array<[header: string, body: string]>): void {
    const sender = this.sender;
    if (!sender) return;
    // The engine stamps its WAL position after the header (HeardPositions).
    const statements: Array<[string, string[]?]> = payloads.map(([header, body]) => [
      `select pg_notify($1, $2 || pg_current_wal_lsn()::text || ' ' || $3)`,
      [LIVE_CHANNEL, header, body],
    ]);
    if (statements.length > 1) {
      statements.unshift(['BEGIN']);
      statements.push(['COMMIT']);
    }
    this.sending = this.sending
      .then(async () => {
        for (const [text, values] of statements) await sender.query(text, values);
      })
      .catch((err: unknown) => {
        this.logger.warn('live update not sent to the other servers', {
          err: err instanceof Error ? err.message : err,
        });
        // A transaction left open by a failed part must not swallow the next message.
        if (statements.length > 1)
          return sender.query('ROLLBACK').then(
            () => undefined,
            () => undefined,
          );
      });
  }

  private onPayload(payload: string): void {
    const [origin, seq, part, count, lsn] = payload.split(' ', 5);
    if (!origin || !seq || !part || !count || !lsn) return;
    this.heard.add(lsn);
    if (origin === this.origin) return;
    const body = payload.slice(origin.length + seq.length + part.length + count.length + lsn.length + 5);
    if (body === 'gap') return this.bus.receiveGap();
    if (body === 'bye') return void this.saidBye.add(origin.slice(0, 8));
    const key = `${origin} ${seq}`;
    const n = Number(count);
    const got = n === 1 ? [body] : [...(this.parts.get(key) ?? []), body];
    if (got.length < n) return void this.parts.set(key, got);
    this.parts.delete(key);
    try {
      this.bus.receive(JSON.parse(got.join('')) as BusMessage);
    } catch (err) {
      this.logger.warn('live update from another server not understood', { err: String(err) });
    }
  }
}

/** The WAL positions of the last changes heard, oldest first, as "X/Y" text (pg_lsn). */
export class HeardPositions {
  private readonly positions: bigint[] = [];

  constructor(private readonly keep = 10_000) {}

  add(lsn: string): void {
    const at = parseLsn(lsn);
    if (at === null || this.positions.at(-1) === at) return;
    this.positions.push(at);
    if (this.positions.length > this.keep) this.positions.splice(0, this.positions.length - this.keep);
  }

  /**
   * How many of the changes heard are beyond `lsn` (a backup's last received position): those a
   * takeover now would lose at most. Announcements of one commit share its position: counted once.
   */
  beyond(lsn: string): number {
    const at = parseLsn(lsn);
    if (at === null) return this.positions.length;
    return new Set(this.positions.filter((p) => p > at)).size;
  }
}

/** pg_lsn's text "16/B374D848" as a number; null when it is not one. */
export function parseLsn(lsn: string): bigint | null {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : null;
}

/** Splits text into pieces of at most `max` UTF-8 bytes, never inside a character. */
export function splitBytes(text: string, max: number): string[] {
  if (Buffer.byteLength(text) <= max) return [text];
  const pieces: string[] = [];
  let piece = '';
  let bytes = 0;
  for (const ch of text) {
    const b = Buffer.byteLength(ch);
    if (bytes + b > max) {
      pieces.push(piece);
      piece = '';
      bytes = 0;
    }
    piece += ch;
    bytes += b;
  }
  pieces.push(piece);
  return pieces;
}
