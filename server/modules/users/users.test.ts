import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../shared/contracts/users';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('users API', () => {
  it('creates a user with the default role editor and never returns a hash', async () => {
    const dev = await loginDevOwner(server);
    const res = await dev.post<User>('/api/users', {
      username: 'anchor1',
      password: 'anchor-password',
      fullName: 'Aminath Anchor',
      email: 'anchor@example.com',
      telegramUserId: 123456789,
      companyId: 999,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      role: 'editor',
      companyId: 1,
      telegramId: '123456789',
      fullName: 'Aminath Anchor',
      name: 'Aminath Anchor',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/hash/i);
    const list = await dev.get<User[]>('/api/users');
    expect(list.body.map((u) => u.username)).toContain('anchor1');
  });

  it('rejects a duplicate username (any case) with 409', async () => {
    const dev = await loginDevOwner(server);
    await dev.post('/api/users', { username: 'dupe.user', password: 'password-1', fullName: 'A' });
    const again = await dev.post('/api/users', { username: 'DUPE.user', password: 'password-1', fullName: 'B' });
    expect(again).toMatchObject({ status: 409, body: { message: 'Username already exists' } });
  });

  it('validates fields and names them', async () => {
    const dev = await loginDevOwner(server);
    const cases: Array<[unknown, string]> = [
      [{ password: 'password-1', fullName: 'A' }, 'username: Username is required'],
      [{ username: 'okname', password: 'short', fullName: 'A' }, 'password: Password must be at least 8 characters'],
      [{ username: 'okname', password: 'password-1', fullName: '   ' }, 'fullName: Full name is required'],
      [{ username: 'okname', password: 'password-1', fullName: 'A', role: 'king' }, 'role'],
      [
        { username: 'okname', password: 'password-1', fullName: 'A', email: 'not-an-email' },
        'email: Email is not valid',
      ],
      [{ username: 'a/../b', password: 'password-1', fullName: 'A' }, 'username: Username may contain only'],
    ];
    for (const [body, message] of cases) {
      const res = await dev.post<{ message: string }>('/api/users', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('lets only owner and admin manage users', async () => {
    const dev = await loginDevOwner(server);
    for (const role of ['editor', 'mcr', 'cameraman', 'technical'] as const) {
      const member = await createUser(dev, server, role);
      const res = await member.post('/api/users', { username: `by_${role}`, password: 'password-1', fullName: 'X' });
      expect(res.status).toBe(403);
      const list = await member.get<User[]>('/api/users');
      expect(list.status).toBe(200);
      // colleagues see names, not contact data
      expect(list.body.every((u) => u.email === null && u.telegramId === null)).toBe(true);
    }
    const admin = await createUser(dev, server, 'admin');
    expect(
      (await admin.post('/api/users', { username: 'by_admin', password: 'password-1', fullName: 'X' })).status,
    ).toBe(201);
  });

  it('stops an admin from creating or changing owners and anyone from granting dev', async () => {
    const dev = await loginDevOwner(server);
    const admin = await createUser(dev, server, 'admin');
    expect(
      (await admin.post('/api/users', { username: 'new_owner', password: 'password-1', fullName: 'X', role: 'owner' }))
        .status,
    ).toBe(403);
    expect((await admin.put(`/api/users/${dev.user.id}`, { fullName: 'Hacked' })).status).toBe(403);
    expect(
      (await admin.post('/api/users', { username: 'sneaky', password: 'password-1', fullName: 'X', roletype: 'dev' }))
        .status,
    ).toBe(403);
  });

  it('updates fields and keeps at least one active owner', async () => {
    const dev = await loginDevOwner(server);
    const tech = await createUser(dev, server, 'technical');
    const res = await dev.put<User>(`/api/users/${tech.user.id}`, {
      fullName: 'Tech Renamed',
      role: 'mcr',
      telegramId: '42',
    });
    expect(res.body).toMatchObject({ fullName: 'Tech Renamed', role: 'mcr', telegramId: '42' });
    const demoteSelf = await dev.put(`/api/users/${dev.user.id}`, { role: 'admin' });
    expect(demoteSelf.status).toBe(409);
    expect((await dev.delete(`/api/users/${dev.user.id}`)).status).toBe(400);
  });

  it('delete removes the user from the list, ends their session and frees the username', async () => {
    const dev = await loginDevOwner(server);
    const cam = await createUser(dev, server, 'cameraman');
    expect((await dev.delete(`/api/users/${cam.user.id}`)).status).toBe(200);
    expect((await dev.get<User[]>('/api/users')).body.some((u) => u.id === cam.user.id)).toBe(false);
    expect((await cam.get('/api/auth/me')).status).toBe(401);
    expect(
      (await dev.post('/api/users', { username: cam.user.username, password: 'password-1', fullName: 'Again' })).status,
    ).toBe(201);
    expect((await dev.delete(`/api/users/${cam.user.id}`)).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it('a user of another company never sees or changes this company’s users', async () => {
    const dev = await loginDevOwner(server);
    const target = await createUser(dev, server, 'editor');
    const { owner: other } = await createCompany(dev, server);
    const list = await other.get<User[]>('/api/users');
    expect(list.body.some((u) => u.companyId !== other.user.companyId)).toBe(false);
    expect((await other.get(`/api/users/${target.user.id}`)).status).toBe(404);
    expect((await other.put(`/api/users/${target.user.id}`, { fullName: 'Pwned' })).status).toBe(404);
    expect((await other.delete(`/api/users/${target.user.id}`)).status).toBe(404);
    expect((await dev.get<User>(`/api/users/${target.user.id}`)).body.fullName).toBe('Test editor');
    // A user created by the other company lands in that company even if the body names ours.
    const made = await other.post<User>('/api/users', {
      username: 'other_one',
      password: 'password-1',
      fullName: 'O',
      companyId: 1,
    });
    expect(made.body.companyId).toBe(other.user.companyId);
  });
});
