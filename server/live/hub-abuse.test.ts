import fs from 'node:fs';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_IDLE_MS, WS_CLOSE_UNAUTHORIZED } from '../../shared/constants';
import { ApiClient } from '../test/api-client';
import { loginDevOwner } from '../test/factories';
import { spawnServer, type SpawnedServer } from '../test/spawn-server';
import { startTestServer, type TestServer } from '../test/test-server';
import { TestSocket } from '../test/ws-client';

const POLICY = 1008;

describe('live channel under abuse (in-process server)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ wsExpiryCheckMs: 50 });
  });
  afterAll(() => server.close());

  it.each([
    ['a ping', { type: 'ping' }],
    ['garbage', 'not json at all'],
    ['an unknown message', { type: 'subscribe', room: 2 }],
  ])('closes a socket whose first message is %s instead of auth', async (_what, message) => {
    const s = new TestSocket(server.url);
    await s.opened();
    s.send(message);
    expect(await s.waitClosed()).toBe(POLICY);
    expect(s.messages).toEqual([]);
  });

  it('closes an authenticated socket that sends more than its message budget', async () => {
    const dev = await loginDevOwner(server);
    const s = await TestSocket.authed(server.url, dev.token!, dev.user.id);
    for (let i = 0; i < 25; i++) s.send({ type: 'ping' });
    expect(await s.waitClosed()).toBe(POLICY);
    expect(s.messages.filter((m) => m.type === 'pong')).toHaveLength(20);
  });

  it('closes a socket with 4401 when its session reaches idle expiry, like HTTP', async () => {
    const dev = await loginDevOwner(server);
    const s = await TestSocket.authed(server.url, dev.token!, dev.user.id);
    server.clock.advance(SESSION_IDLE_MS + 1000);
    expect(await s.waitClosed(2000)).toBe(WS_CLOSE_UNAUTHORIZED);
    expect((await dev.get('/api/auth/me')).status).toBe(401);
  });

  it('keeps a socket open while HTTP activity keeps its session alive', async () => {
    const dev = await loginDevOwner(server);
    const s = await TestSocket.authed(server.url, dev.token!, dev.user.id);
    server.clock.advance(SESSION_IDLE_MS - 60 * 60 * 1000);
    expect((await dev.get('/api/auth/me')).status).toBe(200); // activity: the idle clock restarts
    server.clock.advance(2 * 60 * 60 * 1000);
    await new Promise((r) => setTimeout(r, 300)); // several expiry checks
    expect(s.closeCode).toBeNull();
    server.clock.advance(SESSION_IDLE_MS);
    expect(await s.waitClosed(2000)).toBe(WS_CLOSE_UNAUTHORIZED);
  });
});

/** Resident memory of a process, from the kernel (the server itself: no wrapper in between). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/**
 * A client that sends as fast as it can and never reads (its TCP socket is paused), for up to
 * `ms`. Resolves with the close code it finally sees once it reads again (null: never closed).
 */
async function flood(url: string, ms: number, first?: unknown): Promise<number | null> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws');
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let closeCode: number | null = null;
  ws.on('close', (code) => (closeCode = code));
  ws.on('error', () => undefined);
  if (first) ws.send(JSON.stringify(first));
  const tcp = (ws as unknown as { _socket: Socket })._socket;
  tcp.pause();
  const ping = JSON.stringify({ type: 'ping' });
  const until = Date.now() + ms;
  while (Date.now() < until && ws.readyState === WebSocket.OPEN && !tcp.destroyed) {
    if (ws.bufferedAmount < 4 * 1024 * 1024) ws.send(ping);
    await new Promise((r) => setImmediate(r));
  }
  tcp.resume();
  await new Promise((r) => setTimeout(r, 500));
  ws.terminate();
  return closeCode ?? (tcp.destroyed ? -1 : null);
}

describe('live channel under abuse (server as its own process)', () => {
  let proc: SpawnedServer;
  beforeAll(async () => {
    proc = await spawnServer();
  });
  afterAll(() => proc.kill());

  it('a non-reading flooder, before and after auth, is cut off and raises RSS by < 32 MB', async () => {
    // Log in first: argon2 takes its 19 MiB once, which is not the flooders' doing.
    const api = new ApiClient(proc.url);
    const token = (
      await api.post<{ token: string }>('/api/auth/login', { username: 'owner', password: 'owner-password' })
    ).body.token;
    const before = rssMb(proc.pid);
    expect(await flood(proc.url, 10_000)).not.toBeNull();
    expect(await flood(proc.url, 10_000, { type: 'auth', token })).not.toBeNull();
    // What the flood left behind, not garbage awaiting collection: on a loaded 2-core machine
    // (the whole suite in parallel) V8 may not have collected yet when the flood ends; an idle
    // server's memory reducer does within seconds, while a leak would stay.
    // 20 s: one full-suite run here still held 46 MB at 10 s (passes alone at once); a leak stays.
    await expect.poll(() => rssMb(proc.pid) - before, { timeout: 20_000, interval: 250 }).toBeLessThan(32);
    expect((await api.get('/api/health')).status).toBe(200);
  }, 60_000);
});
