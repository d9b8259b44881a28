import WebSocket from 'ws';
import { nowMs } from './stats';

/**
 * The soak's live clients (issue 24). Each stands for one browser across reconnects: it keeps
 * the times it was connected (auth_ok → close) and every CG update it received, so the report
 * can count, per client, the updates it should have had and did not.
 */
export class SoakClient {
  /** [authed at, closed at] per connection (closed = Infinity while open). */
  readonly intervals: Array<[number, number]> = [];
  /** Sequence numbers of the CG updates received (content `soak <seq>`). */
  readonly received = new Set<number>();
  /** Closes the server made (not ours): each is a finding. */
  serverCloses = 0;
  private socket: WebSocket | null = null;

  constructor(
    /** Where it connects; a client following a living server (issue 43) is pointed at another. */
    public url: string,
    private readonly token: string,
  ) {}

  /** Opens and authenticates; resolves at auth_ok. */
  async connect(): Promise<void> {
    const socket = new WebSocket(this.url.replace(/^http/, 'ws') + '/ws');
    this.socket = socket;
    let authed: () => void = () => undefined;
    const ok = new Promise<void>((resolve) => (authed = resolve));
    socket.on('message', (raw: Buffer) => {
      // Parse only what we count, as a browser reacts only to its own messages: keeps 300 clients cheap.
      if (raw.includes('"auth_ok"')) {
        this.intervals.push([nowMs(), Infinity]);
        authed();
        return;
      }
      if (!raw.includes('"cg_file_updated"')) return;
      const msg = JSON.parse(raw.toString('utf8')) as { data: { content?: string } };
      const seq = /^soak (\d+)$/.exec(msg.data.content ?? '')?.[1];
      if (seq) this.received.add(Number(seq));
    });
    socket.on('close', () => {
      const open = this.intervals[this.intervals.length - 1];
      if (open && open[1] === Infinity) open[1] = nowMs();
      if (this.socket === socket) this.serverCloses += 1;
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'auth', token: this.token }));
    await ok;
  }

  /** Drops the connection as a browser losing the network would (no close handshake). */
  drop(): void {
    const socket = this.socket;
    this.socket = null;
    const open = this.intervals[this.intervals.length - 1];
    if (open && open[1] === Infinity) open[1] = nowMs();
    socket?.terminate();
  }
}

/** Opens `count` clients, `batch` at a time (a LAN of browsers coming up, not one by one). */
export async function openClients(url: string, token: string, count: number, batch = 50): Promise<SoakClient[]> {
  const clients = Array.from({ length: count }, () => new SoakClient(url, token));
  for (let i = 0; i < count; i += batch) await Promise.all(clients.slice(i, i + batch).map((c) => c.connect()));
  return clients;
}

/** Every client drops at once and reconnects at once; resolves with the time until the last is back. */
export async function reconnectStorm(clients: SoakClient[]): Promise<number> {
  const started = nowMs();
  clients.forEach((c) => c.drop());
  await Promise.all(clients.map((c) => c.connect()));
  return nowMs() - started;
}

export interface CgUpdate {
  seq: number;
  sentAt: number;
  ackedAt: number;
}

/**
 * Per client, the updates it missed: those it was connected for from before the write was sent
 * until `graceMs` after its answer (a frame still on the wire when the client itself drops is
 * not the server's loss).
 */
export function lostPerClient(
  clients: SoakClient[],
  updates: CgUpdate[],
  graceMs = 1000,
): { expected: number; lost: number[] } {
  let expected = 0;
  const lost = clients.map((c) => {
    let missed = 0;
    for (const u of updates) {
      if (!c.intervals.some(([from, to]) => from <= u.sentAt && to >= u.ackedAt + graceMs)) continue;
      expected += 1;
      if (!c.received.has(u.seq)) missed += 1;
    }
    return missed;
  });
  return { expected, lost };
}
