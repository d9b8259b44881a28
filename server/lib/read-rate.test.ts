import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('holds a refused read until a token is back, then serves the next', async () => {
    const owner = await loginDevOwner(server);
    const looper = await createUser(owner, server, 'cameraman');
    for (let i = 0; i < 10; i++) expect((await looper.get('/api/news')).status).toBe(200);
    const started = performance.now();
    expect((await looper.get('/api/news')).status).toBe(429);
    expect(performance.now() - started).toBeGreaterThan(150); // 10 tokens at 50/s ≈ 200 ms
    expect((await looper.get('/api/news')).status).toBe(200);
  });
});
