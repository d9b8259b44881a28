import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionConflict } from '../../shared/contracts/common';
import type { Equipment } from '../../shared/contracts/equipment';
import type { Prompter } from '../../shared/contracts/prompters';
import type { Settings } from '../../shared/contracts/settings';
import type { User } from '../../shared/contracts/users';
import { createEquipment } from '../test/equipment-factory';
import { createStation, createUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';
import { expectNoLostUpdate } from '../test/version-race';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** One station, its owner and a second admin: two people who may both edit everything here. */
async function twoAdmins() {
  const { owner } = await createStation(server);
  const admin = await createUser(owner, server, 'admin', { fullName: 'Aminath Admin' });
  return { owner, admin };
}

describe('prompters, equipment, users, settings: no lost update', () => {
  it('prompter', async () => {
    const { owner, admin } = await twoAdmins();
    const made = await owner.post<Prompter>('/api/prompters', { name: 'Studio A' });
    expect(made.status).toBe(201);
    expect(made.body.version).toBe(1);
    await expectNoLostUpdate<Prompter>({
      a: admin,
      b: owner,
      path: `/api/prompters/${made.body.id}`,
      load: async () => (await owner.get<Prompter[]>('/api/prompters')).body.find((p) => p.id === made.body.id)!,
      body: (i) => ({ name: `Studio ${i}`, fontSize: 20 + (i % 50) }),
      pick: (p) => ({ name: p.name, fontSize: p.fontSize }),
      want: (i) => ({ name: `Studio ${i}`, fontSize: 20 + (i % 50) }),
    });
  });

  it('equipment item', async () => {
    const { owner, admin } = await twoAdmins();
    const item = await createEquipment(owner, { quantity: 5 });
    expect(item.version).toBe(1);
    await expectNoLostUpdate<Equipment>({
      a: admin,
      b: owner,
      method: 'patch',
      path: `/api/equipment/${item.id}`,
      load: async () => (await owner.get<Equipment[]>('/api/equipment')).body.find((e) => e.id === item.id)!,
      body: (i) => ({ name: `Camera ${i}`, location: `Shelf ${i}` }),
      pick: (e) => ({ name: e.name, location: e.location }),
      want: (i) => ({ name: `Camera ${i}`, location: `Shelf ${i}` }),
    });
  });

  it('user', async () => {
    const { owner, admin } = await twoAdmins();
    const reporter = await createUser(owner, server, 'cameraman');
    expect(reporter.user.version).toBe(1);
    await expectNoLostUpdate<User>({
      a: admin,
      b: owner,
      path: `/api/users/${reporter.user.id}`,
      load: async () => (await owner.get<User>(`/api/users/${reporter.user.id}`)).body,
      body: (i) => ({ fullName: `Reporter ${i}`, email: `r${i}@station.test` }),
      pick: (u) => ({ fullName: u.fullName, email: u.email }),
      want: (i) => ({ fullName: `Reporter ${i}`, email: `r${i}@station.test` }),
    });
  });

  it('settings', async () => {
    const { owner, admin } = await twoAdmins();
    const two = (i: number) => (i % 256).toString(16).padStart(2, '0');
    await expectNoLostUpdate<Settings>({
      a: admin,
      b: owner,
      path: '/api/settings',
      load: async () => (await owner.get<Settings>('/api/settings')).body,
      body: (i) => ({ branding: { primaryColor: `#ffff${two(i)}`, secondaryColor: `#ff${two(i)}ff` } }),
      pick: (s) => s.branding,
      want: (i) => ({ primaryColor: `#ffff${two(i)}`, secondaryColor: `#ff${two(i)}ff` }),
    });
  });

  it('a status change moves the equipment version on: an edit from before it is refused, not applied over it', async () => {
    const { owner, admin } = await twoAdmins();
    const item = await createEquipment(owner);
    expect((await admin.put(`/api/equipment/${item.id}/status`, { status: 'maintenance' })).status).toBe(200);
    const res = await owner.patch<VersionConflict<Equipment>>(`/api/equipment/${item.id}`, {
      status: 'available',
      location: 'Van',
      version: item.version,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Aminath Admin changed this equipment item /);
    expect(res.body.current).toMatchObject({ status: 'maintenance', location: item.location, version: 2 });
  });

  it('a partial user save (the Active switch) keeps the email and Telegram ID it does not name', async () => {
    const { owner } = await twoAdmins();
    const mo = await createUser(owner, server, 'mcr', { email: 'mo@station.test', telegramId: '123456' });
    const res = await owner.put<User>(`/api/users/${mo.user.id}`, { isActive: false, version: mo.user.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isActive: false, email: 'mo@station.test', telegramId: '123456', version: 2 });
    const cleared = await owner.put<User>(`/api/users/${mo.user.id}`, { email: null, telegramId: '' });
    expect(cleared.body).toMatchObject({ email: null, telegramId: null });
  });
});
