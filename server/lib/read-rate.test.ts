import type { Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from './errors';
import { limitReadRate } from './read-rate';
import { createUser, loginDevOwner } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('reads per session are rate limited (a loop cannot hold the event loop)', () => {
  it('lets a burst of 100 reads through, then slows a loop to 50 a second with held 429s; other sessions are unaffected', async () => {
    const owner = await loginDevOwner(server);
    const looper = await createUser(owner, server, 'cameraman');
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof looper.get<{ message: string }>>> | undefined;
    const started = performance.now();
    for (let i = 0; i < 160; i++) {
      const res = await looper.get<{ message: string }>('/api/cg-files');
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    const seconds = (performance.now() - started) / 1000;
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(100);
    // Past the burst the loop gets 50 answers a second: the 60 calls after it (half of them held
    // 429s) need ≥ ~0.6 s instead of the few ms they would take unthrottled.
    expect(seconds).toBeGreaterThan(0.5);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused?.body.message).toMatch(/Too many requests from this session/);
    // The operator's reads and on-air writes go on.
    expect((await owner.get('/api/cg-files')).status).toBe(200);
    expect((await owner.post('/api/cg-files/update-direct', { type: 'timer', content: '00:10' })).status).toBe(200);
  });

  it('counts the 2 MB unpaged news list as 10 reads', async () => {
    const owner = await loginDevOwner(server);
    const looper = await createUser(owner, server, 'cameraman');
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await looper.get('/api/news')).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses).toContain(429);
  });
});

/**
 * The hold, on a fake clock: over HTTP the time a refused read waits depends on how long the
 * reads before it took (their tokens came back meanwhile), which a loaded CI machine changes.
 */
describe('limitReadRate holds a refusal until a token would be back', () => {
  const req = { actor: { tokenHash: 'looper' } } as unknown as Request;
  const res = {} as Response;

  function run(perSecond: number) {
    let t = 0;
    const calls: unknown[] = [];
    const read = limitReadRate({ burst: 100, perSecond, cost: () => 10, now: () => t });
    const send = () => read(req, res, (err?: unknown) => calls.push(err ?? 'served'));
    return { calls, send, setTime: (ms: number) => (t = ms) };
  }

  it('answers the refused read when 10 tokens are back (200 ms at 50/s), then serves the next', () => {
    vi.useFakeTimers();
    try {
      const { calls, send, setTime } = run(50);
      for (let i = 0; i < 10; i++) send();
      expect(calls).toEqual(Array(10).fill('served'));
      send();
      vi.advanceTimersByTime(199);
      expect(calls).toHaveLength(10);
      vi.advanceTimersByTime(1);
      expect(calls[10]).toBeInstanceOf(HttpError);
      expect((calls[10] as HttpError).status).toBe(429);
      setTime(200);
      send();
      expect(calls[11]).toBe('served');
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds a refusal at most 1 s however long the wait', () => {
    vi.useFakeTimers();
    try {
      const { calls, send } = run(1);
      for (let i = 0; i < 10; i++) send();
      send();
      vi.advanceTimersByTime(999);
      expect(calls).toHaveLength(10);
      vi.advanceTimersByTime(1);
      expect((calls[10] as HttpError).status).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });
});
