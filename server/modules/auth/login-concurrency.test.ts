import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../../shared/constants';
import { ApiClient } from '../../test/api-client';
import { createUser, loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const attempt = (username: string, password: string) =>
  new ApiClient(server.url).post<{ token?: string }>('/api/auth/login', { username, password });

describe('the login limit holds under concurrency', () => {
  it(`verifies at most ${LOGIN_MAX_FAILURES} of 250 parallel wrong guesses; the rest get 429 with Retry-After`, async () => {
    const owner = await loginDevOwner(server);
    const target = await createUser(owner, server, 'editor');
    const results = await Promise.all(
      Array.from({ length: 250 }, (_, i) => attempt(target.user.username, `wrong-${i}-password`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(250 - LOGIN_MAX_FAILURES);
    const limited = results.find((r) => r.status === 429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('never hands out a token for a right password hidden among 60 parallel guesses', async () => {
    const owner = await loginDevOwner(server);
    const target = await createUser(owner, server, 'editor');
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 44 ? target.password : `guess-${i}-password`));
    const results = await Promise.all(guesses.map((g) => attempt(target.user.username, g)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(0);
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    // The window is per username: the owner still logs in.
    expect((await loginDevOwner(server)).token).toBeTruthy();
  });

  it('lets the right password in again once the window has passed', async () => {
    const owner = await loginDevOwner(server);
    const target = await createUser(owner, server, 'editor');
    await Promise.all(Array.from({ length: 20 }, () => attempt(target.user.username, 'wrong-password')));
    expect((await attempt(target.user.username, target.password)).status).toBe(429);
    server.clock.advance(61_000);
    expect((await attempt(target.user.username, target.password)).status).toBe(200);
  });
});
