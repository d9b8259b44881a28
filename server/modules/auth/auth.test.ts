import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../../../shared/constants';
import { ApiClient } from '../../test/api-client';
import { createUser, login, loginDevOwner } from '../../test/factories';
import { DEV_OWNER, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /api/auth/login', () => {
  it('returns an opaque token and the user without a password hash', async () => {
    const res = await new ApiClient(server.url).post<Record<string, unknown>>('/api/auth/login', DEV_OWNER);
    expect(res.status).toBe(200);
    const body = res.body as { token: string; user: Record<string, unknown> };
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    expect(body.user).toMatchObject({ username: 'devowner', role: 'owner', roletype: 'dev', companyId: 1 });
    expect(JSON.stringify(body.user)).not.toMatch(/password|hash/i);
    expect(body.user.lastLogin).toEqual(expect.any(String));
  });

  it('is case-insensitive on the username', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/login', { ...DEV_OWNER, username: 'DevOwner' });
    expect(res.status).toBe(200);
  });

  it('rejects a wrong password and an unknown user with the same 401 message', async () => {
    const api = new ApiClient(server.url);
    const wrong = await api.post('/api/auth/login', { username: 'devowner', password: 'nope-nope' });
    const unknown = await api.post('/api/auth/login', { username: 'ghost-user', password: 'nope-nope' });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
  });

  it('names the missing field', async () => {
    const res = await new ApiClient(server.url).post('/api/auth/login', { username: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'password: Password is required' });
  });

  it('answers 429 after 5 failures for one username and IP within a minute, then lets through after the window', async () => {
    const dev = await loginDevOwner(server);
    const victim = await createUser(dev, server, 'editor');
    const api = new ApiClient(server.url);
    for (let i = 0; i < 5; i++) {
      expect(
        (await api.post('/api/auth/login', { username: victim.user.username, password: 'wrong-wrong' })).status,
      ).toBe(401);
    }
    const blocked = await api.post<{ message: string }>('/api/auth/login', {
      username: victim.user.username,
      password: victim.password,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many failed login attempts/);
    // Another username from the same IP is not blocked.
    expect((await api.post('/api/auth/login', DEV_OWNER)).status).toBe(200);
    server.clock.advance(61_000);
    expect(
      (await api.post('/api/auth/login', { username: victim.user.username, password: victim.password })).status,
    ).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me returns the caller; without or with a bad token it is 401', async () => {
    const dev = await loginDevOwner(server);
    expect((await dev.get('/api/auth/me')).body).toMatchObject({ username: 'devowner' });
    expect((await new ApiClient(server.url).get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient(server.url, 'forged-token').get('/api/auth/me')).status).toBe(401);
  });

  it('logout revokes the token', async () => {
    const dev = await loginDevOwner(server);
    expect((await dev.post('/api/auth/logout')).status).toBe(200);
    expect((await dev.get('/api/auth/me')).status).toBe(401);
  });

  it('expires after the idle period and stays alive while used', async () => {
    const dev = await loginDevOwner(server);
    server.clock.advance(SESSION_IDLE_MS - 60 * 60 * 1000);
    expect((await dev.get('/api/auth/me')).status).toBe(200); // use refreshes lastSeenAt
    server.clock.advance(SESSION_IDLE_MS - 60 * 60 * 1000);
    expect((await dev.get('/api/auth/me')).status).toBe(200);
    server.clock.advance(SESSION_IDLE_MS + 1000);
    expect((await dev.get('/api/auth/me')).status).toBe(401);
  });

  it('a deactivated user loses their session and cannot log in', async () => {
    const dev = await loginDevOwner(server);
    const mcr = await createUser(dev, server, 'mcr');
    expect((await dev.put(`/api/users/${mcr.user.id}`, { isActive: false })).status).toBe(200);
    expect((await mcr.get('/api/auth/me')).status).toBe(401);
    const again = await new ApiClient(server.url).post('/api/auth/login', {
      username: mcr.user.username,
      password: mcr.password,
    });
    expect(again.status).toBe(403);
  });

  it('a password change ends the old sessions and the new password works', async () => {
    const dev = await loginDevOwner(server);
    const editor = await createUser(dev, server, 'editor');
    await dev.put(`/api/users/${editor.user.id}`, { password: 'a-brand-new-password' });
    expect((await editor.get('/api/auth/me')).status).toBe(401);
    await expect(login(server, editor.user.username, 'a-brand-new-password')).resolves.toBeDefined();
  });
});
