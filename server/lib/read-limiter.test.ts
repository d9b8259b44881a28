import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from './auth';
import { errorHandler } from './errors';
import { createLogger } from './logger';
import { limitConcurrentReads } from './read-limiter';

// A real HTTP server whose handler holds each answer until the test releases it.
let server: http.Server;
let url: string;
const held: Array<() => void> = [];

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    const token = req.get('x-session');
    if (token) req.actor = { tokenHash: token } as Actor;
    next();
  });
  app.get('/big', limitConcurrentReads(2), (_req, res) => {
    held.push(() => res.json({ ok: true }));
  });
  app.use(errorHandler(createLogger('silent')));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

describe('limitConcurrentReads', () => {
  it('lets 2 large reads of a session run at once, answers the rest 429 with Retry-After, and frees the slots', async () => {
    const get = (session: string) => fetch(`${url}/big`, { headers: { 'x-session': session } });
    const first = [get('a'), get('a')];
    await until(() => held.length === 2);
    const refused = await Promise.all(Array.from({ length: 5 }, () => get('a')));
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    expect(refused[0]?.headers.get('retry-after')).toBe('1');
    expect(await refused[0]?.json()).toEqual({
      message: 'At most 2 large reads at a time per session; try again in a second',
    });

    // Another session has its own budget.
    const other = get('b');
    await until(() => held.length === 3);

    held.splice(0).forEach((release) => release());
    expect((await Promise.all([...first, other])).map((r) => r.status)).toEqual([200, 200, 200]);
    const again = get('a');
    await until(() => held.length === 1);
    held.splice(0).forEach((release) => release());
    expect((await again).status).toBe(200);
  });
});
