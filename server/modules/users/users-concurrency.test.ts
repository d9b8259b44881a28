import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../shared/contracts/users';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SAME = 'Username already exists';

describe('limits that hold with requests in parallel exactly as one at a time', () => {
  it('two owners deactivating each other with a password change at once leave one active owner', async () => {
    for (let round = 0; round < 5; round++) {
      const dev = await loginDevOwner(server);
      const { owner: a } = await createCompany(dev, server);
      const b = await createUser(a, server, 'owner');
      const [ra, rb] = await Promise.all([
        a.put(`/api/users/${b.user.id}`, { isActive: false, password: 'new-password-1' }),
        b.put(`/api/users/${a.user.id}`, { isActive: false, password: 'new-password-2' }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      // One wins; the other is refused (409 last owner, or 401 because the winner ended its session).
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const owners = (await (ra.status === 200 ? a : b).get<User[]>('/api/users')).body.filter(
        (u) => u.role === 'owner' && u.isActive,
      );
      expect(owners).toHaveLength(1);
    }
  });

  it('200 parallel creates of one username: one 201, every other a 409 with the sequential message', async () => {
    const dev = await loginDevOwner(server);
    const body = { username: 'RaceName', password: 'race-password', fullName: 'Race' };
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        dev.post<{ message?: string }>('/api/users', { ...body, username: i % 2 ? 'racename' : 'RaceName' }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.body.message === SAME)).toBe(true);
    expect((await dev.post<{ message: string }>('/api/users', body)).body).toEqual({ message: SAME });
  });

  it('parallel renames to one username: one wins, the others 409', async () => {
    const dev = await loginDevOwner(server);
    const users = await Promise.all(Array.from({ length: 4 }, () => createUser(dev, server, 'editor')));
    const results = await Promise.all(
      users.map((u) =>
        dev.put<{ message?: string }>(`/api/users/${u.user.id}`, {
          username: 'renamed-once',
          password: 'fresh-password',
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === SAME)).toBe(true);
  });

  it('parallel companies with one owner username: one 201, the others 409', async () => {
    const dev = await loginDevOwner(server);
    const body = (i: number) => ({
      name: `Station ${i}`,
      ownerUsername: 'station-boss',
      ownerPassword: 'boss-password',
      ownerFullName: 'Boss',
    });
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => dev.post<{ message?: string }>('/api/companies', body(i))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === SAME)).toBe(true);
  });
});
