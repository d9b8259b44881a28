import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginDevOwner } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('reads per session are rate limited (a loop cannot hold the event loop)', () => {
  it('lets a burst of 100 reads through, then answers 429 with Retry-After; other sessions are unaffected', async () => {
    const owner = await loginDevOwner(server);
    const looper = await createUser(owner, server, 'cameraman');
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) statuses.push((await looper.get('/api/cg-files')).status);
    const firstRefused = statuses.indexOf(429);
    // 100 at once plus what 50 a second returns while the loop runs.
    expect(firstRefused).toBeGreaterThanOrEqual(100);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const refused = await looper.get<{ message: string }>('/api/cg-files');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.body.message).toMatch(/Too many requests from this session/);
    // The operator's reads and on-air writes go on.
    expect((await owner.get('/api/cg-files')).status).toBe(200);
    expect((await looper.post('/api/auth/logout')).status).not.toBe(429);
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

  it('refills with time', async () => {
    const owner = await loginDevOwner(server);
    const looper = await createUser(owner, server, 'cameraman');
    for (let i = 0; i < 11; i++) await looper.get('/api/news');
    expect((await looper.get('/api/news')).status).toBe(429);
    await new Promise((r) => setTimeout(r, 400)); // 20 tokens back
    expect((await looper.get('/api/news')).status).toBe(200);
  });
});
