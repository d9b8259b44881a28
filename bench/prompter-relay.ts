import WebSocket from 'ws';
import type { ApiClient } from '../server/test/api-client';
import { openListeners } from './sockets';
import { nowMs, summarize, type Summary } from './stats';

/**
 * Issue 11: follower screens mirror the operator "within 100 ms". The operator's screen sends
 * `prompter_position` over the live channel; the server relays it to every socket of the company.
 *
 * Measured: from the operator socket's send until the SLOWEST of the measured followers has the
 * message (per message), plus every single receipt for the distribution. Baseline, interleaved
 * message by message (blocks of one, so drift lands on both alike): a `ping` → `pong` FULL round
 * trip on the same operator sockets, sent 50 ms after each position (the previous fan-out is long
 * done by then). Both are client → server → client trips through the same hub.
 *
 * The hub allows an authenticated socket 20 general messages (ping included) per 10 s, and the
 * relay 20 positions a second. So the operator role rotates over OPERATORS sockets: each sends
 * 10 / OPERATORS positions and as many pings a second, well inside both limits.
 */
const OPERATORS = 8;
const TICK_MS = 50;

interface Sample {
  sentAt: number;
  receipts: number;
  slowest: number;
}

export interface RelayResult {
  /** Per position message: operator send → the slowest measured follower got it. */
  slowest: Summary;
  /** Every follower receipt of every message. */
  receipts: Summary;
  /** ping → pong full round trip on the operator sockets (interleaved). */
  ping: Summary;
  followers: number;
  /** Extra passive listeners (the relay also serialises to them). */
  passive: number;
  /** Position messages some measured follower never got. */
  lost: number;
}

interface Socket {
  ws: WebSocket;
  onMessage(handler: (msg: { type: string; data: unknown }, at: number) => void): void;
}

async function openSocket(url: string, token: string): Promise<Socket> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws');
  const handlers: Array<(msg: { type: string; data: unknown }, at: number) => void> = [];
  ws.on('message', (raw: Buffer) => {
    const at = nowMs();
    const msg = JSON.parse(raw.toString('utf8')) as { type: string; data: unknown };
    handlers.forEach((h) => h(msg, at));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const authed = new Promise<void>((resolve, reject) => {
    handlers.push((msg) => (msg.type === 'auth_ok' ? resolve() : undefined));
    ws.once('close', (code) => reject(new Error(`socket closed before auth_ok: ${code}`)));
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await authed;
  return { ws, onMessage: (h) => handlers.push(h) };
}

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - nowMs())));

export async function benchPrompterRelay(
  api: ApiClient,
  { followers = 20, passive = 0, seconds = 20 }: { followers?: number; passive?: number; seconds?: number } = {},
): Promise<RelayResult> {
  const created = await api.post<{ id: number }>('/api/prompters', { name: `Relay bench ${Date.now()}` });
  if (created.status !== 201)
    throw new Error(`create prompter failed: ${created.status} ${JSON.stringify(created.body)}`);
  const prompterId = created.body.id;
  const token = api.token ?? '';
  const opened: WebSocket[] = [];
  try {
    const open = async () => {
      const socket = await openSocket(api.baseUrl, token);
      opened.push(socket.ws); // closed in `finally` even if a later one fails to open
      return socket;
    };
    const operators: Socket[] = [];
    for (let i = 0; i < OPERATORS; i++) operators.push(await open());
    const measured: Socket[] = [];
    for (let i = 0; i < followers; i++) measured.push(await open());
    // Passive listeners only read (cheaply), as idle browsers of the company would.
    opened.push(...(await openListeners(api.baseUrl, token, passive)).map((l) => l.socket));

    const samples = new Map<number, Sample>();
    const receipts: number[] = [];
    for (const f of measured) {
      f.onMessage((msg, at) => {
        if (msg.type !== 'prompter_position') return;
        const data = msg.data as { prompterId: number; position: number };
        const sample = data.prompterId === prompterId ? samples.get(data.position) : undefined;
        if (!sample) return;
        const latency = at - sample.sentAt;
        receipts.push(latency);
        sample.receipts += 1;
        sample.slowest = Math.max(sample.slowest, latency);
      });
    }
    const pings: number[] = [];
    // One ping in flight per operator socket (each pings every OPERATORS × 100 ms); pongs carry no id.
    const pingSentAt = new Map<Socket, number>();
    // Written by socket handlers, read by the send loop (an object: no narrowing to null).
    const state: { stopping: boolean; failure: Error | null } = { stopping: false, failure: null };
    for (const op of operators) {
      op.onMessage((msg, at) => {
        const sentAt = pingSentAt.get(op);
        if (msg.type === 'pong' && sentAt !== undefined) {
          pings.push(at - sentAt);
          pingSentAt.delete(op);
        }
        if (msg.type === 'prompter_error') state.failure ??= new Error(`relay refused: ${JSON.stringify(msg.data)}`);
      });
      op.ws.on('close', (code, reason) => {
        if (!state.stopping)
          state.failure ??= new Error(`operator socket closed by the server: ${code} ${reason.toString()}`);
      });
    }

    const ticks = Math.round((seconds * 1000) / TICK_MS);
    const start = nowMs() + TICK_MS;
    for (let i = 0; i < ticks; i++) {
      await sleepUntil(start + i * TICK_MS);
      if (state.failure) throw state.failure;
      const op = operators[Math.floor(i / 2) % OPERATORS]!;
      if (i % 2 === 0) {
        // position = the message's sequence number (1-based): followers match on it.
        const seq = i / 2 + 1;
        samples.set(seq, { sentAt: nowMs(), receipts: 0, slowest: 0 });
        op.ws.send(
          JSON.stringify({
            type: 'prompter_position',
            data: { prompterId, position: seq, sectionIndex: seq % 40, speed: 30, playing: true },
          }),
        );
      } else {
        if (pingSentAt.has(op)) throw new Error('a pong did not come back before the same socket pinged again');
        pingSentAt.set(op, nowMs());
        op.ws.send(JSON.stringify({ type: 'ping' }));
      }
    }
    await sleepUntil(nowMs() + 500); // stragglers
    state.stopping = true;
    if (state.failure) throw state.failure;
    const complete = [...samples.values()].filter((s) => s.receipts === followers);
    return {
      slowest: summarize(complete.map((s) => s.slowest)),
      receipts: summarize(receipts),
      ping: summarize(pings),
      followers,
      passive,
      lost: samples.size - complete.length,
    };
  } finally {
    opened.forEach((s) => s.terminate());
    await api.delete(`/api/prompters/${prompterId}`).catch(() => undefined);
  }
}
