import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import type { Equipment, EquipmentRequest, MobileUserPermissions } from '../../../shared/contracts/equipment';
import { loginDevOwner } from '../../test/factories';
import { storeSql } from '../../test/store-sql';
import { startTestServer, type TestServer } from '../../test/test-server';
import { approvedRequest, createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Perm = MobileUserPermissions & ErrorBody;

describe('mobile endpoints', () => {
  it('read the same company data as the web endpoints', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner);
    await requestEquipment(s.cameraman, item.id);
    expect((await s.cameraman.get<Equipment[]>('/api/mobile/equipment')).body).toEqual(
      (await s.cameraman.get<Equipment[]>('/api/equipment')).body,
    );
    expect((await s.cameraman.get<EquipmentRequest[]>('/api/mobile/equipment-requests')).body).toEqual(
      (await s.cameraman.get<EquipmentRequest[]>('/api/equipment-requests')).body,
    );
  });

  it('POST /api/mobile/equipment-requests: the caller requests (the spec’s requestedBy 1 is ignored), source mobile', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner);
    const res = await s.cameraman.post<EquipmentRequest & ErrorBody>('/api/mobile/equipment-requests', {
      equipmentId: item.id,
      purpose: 'Street interviews',
      notes: '',
      requestedBy: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      source: 'mobile',
      requestedBy: s.cameraman.user.id,
      notes: null,
    });
    const [row] = await storeSql<{ type: string; metadata: string }>(
      server,
      'SELECT type, CAST(metadata AS TEXT) AS metadata FROM equipment_activities WHERE request_id = ?',
      [res.body.id],
    );
    expect(row!.type).toBe('web_request');
    expect(JSON.parse(row!.metadata)).toMatchObject({ source: 'mobile' });
    const blank = await s.cameraman.post<ErrorBody>('/api/mobile/equipment-requests', {
      equipmentId: item.id,
      purpose: ' ',
    });
    expect([blank.status, blank.body.message]).toEqual([400, 'Please fill in all required fields']);
  });

  it('names the approver by full name, as the requester (web and mobile alike)', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner);
    const approved = await approvedRequest(s.cameraman, s.admin, item.id);
    for (const path of ['/api/equipment-requests', '/api/mobile/equipment-requests']) {
      const row = (await s.cameraman.get<EquipmentRequest[]>(path)).body.find((r) => r.id === approved.id);
      expect(row).toMatchObject({
        requestedByName: 'Test cameraman',
        approvedByName: 'Test admin',
        approvedByUsername: s.admin.user.username,
      });
    }
  });

  it('refuses an expected return date in the past (400, naming the field); today later on is fine', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner);
    const now = server.clock.now().getTime();
    for (const path of ['/api/equipment-requests', '/api/mobile/equipment-requests']) {
      const past = await s.cameraman.post<ErrorBody>(path, {
        equipmentId: item.id,
        purpose: 'Shoot',
        expectedReturnDate: new Date(now - 60_000).toISOString(),
      });
      expect([past.status, past.body.message, past.body.issues?.[0]?.path]).toEqual([
        400,
        'Expected return date must not be in the past',
        'expectedReturnDate',
      ]);
      const later = new Date(now + 3_600_000).toISOString();
      const ok = await s.cameraman.post<EquipmentRequest>(path, {
        equipmentId: item.id,
        purpose: 'Shoot',
        expectedReturnDate: later,
      });
      expect([ok.status, ok.body.expectedReturnDate]).toEqual([201, later]);
    }
  });

  it('user-permissions answers for the caller (own id or "me"); the spec’s fixed id 1 is someone else’s → 403', async () => {
    const s = await equipmentStation(server);
    const dev = await loginDevOwner(server);
    expect(dev.user.id).toBe(1);
    expect((await s.cameraman.get<Perm>('/api/mobile/user-permissions/me')).body).toEqual({
      role: 'cameraman',
      canAccessCg: false,
    });
    expect((await s.cameraman.get<Perm>(`/api/mobile/user-permissions/${s.cameraman.user.id}`)).body).toEqual({
      role: 'cameraman',
      canAccessCg: false,
    });
    expect((await s.editor.get<Perm>('/api/mobile/user-permissions/me')).body).toEqual({
      role: 'editor',
      canAccessCg: true,
    });
    expect((await s.technical.get<Perm>('/api/mobile/user-permissions/me')).body).toEqual({
      role: 'technical',
      canAccessCg: false,
    });
    expect((await s.owner.get<Perm>('/api/mobile/user-permissions/me')).body).toEqual({
      role: 'owner',
      canAccessCg: true,
    });
    const fixed = await s.cameraman.get<Perm>('/api/mobile/user-permissions/1');
    expect(fixed.status).toBe(403);
    expect((await s.editor.get(`/api/mobile/user-permissions/${s.owner.user.id}`)).status).toBe(403);
    // An owner/admin may read a user of their own company; user 1 is another company's → 404.
    expect((await s.admin.get<Perm>(`/api/mobile/user-permissions/${s.cameraman.user.id}`)).body).toEqual({
      role: 'cameraman',
      canAccessCg: false,
    });
    expect((await s.owner.get('/api/mobile/user-permissions/1')).status).toBe(404);
    expect((await dev.get<Perm>('/api/mobile/user-permissions/1')).body).toEqual({ role: 'owner', canAccessCg: true });
  });
});

describe('POST /api/equipment-requests/cleanup-duplicates', () => {
  it('removes pending requests repeating an earlier pending one (same item, same requester), keeping the oldest', async () => {
    const s = await equipmentStation(server);
    const x = await createEquipment(s.owner);
    const y = await createEquipment(s.owner);
    const keptX = await requestEquipment(s.cameraman, x.id);
    await requestEquipment(s.cameraman, x.id);
    await requestEquipment(s.cameraman, x.id);
    const keptY = await requestEquipment(s.cameraman, y.id);
    await requestEquipment(s.cameraman, y.id);
    const approved = await approvedRequest(s.cameraman, s.owner, x.id);
    const editors = await requestEquipment(s.editor, x.id);
    expect((await s.cameraman.post('/api/equipment-requests/cleanup-duplicates')).status).toBe(403);
    const res = await s.admin.post<{ duplicatesRemoved: number }>('/api/equipment-requests/cleanup-duplicates', {});
    expect(res.body).toEqual({ duplicatesRemoved: 3 });
    const left = (await s.owner.get<EquipmentRequest[]>('/api/equipment-requests')).body
      .map((r) => r.id)
      .sort((a, b) => a - b);
    expect(left).toEqual([keptX.id, keptY.id, approved.id, editors.id].sort((a, b) => a - b));
    expect(
      (await s.owner.post<{ duplicatesRemoved: number }>('/api/equipment-requests/cleanup-duplicates')).body,
    ).toEqual({ duplicatesRemoved: 0 });
  });
});

describe('GET /api/dashboard/stats equipment.out', () => {
  it('counts the company’s loans whose unit is out (also while its return or extension waits)', async () => {
    const s = await equipmentStation(server);
    const other = await equipmentStation(server);
    const item = await createEquipment(s.owner, { quantity: 5 });
    const out = async () => (await s.cameraman.get<DashboardStats>('/api/dashboard/stats')).body.equipment.out;
    const loans = await Promise.all([1, 2, 3].map(() => approvedRequest(s.cameraman, s.owner, item.id)));
    expect(await out()).toBe(0);
    for (const loan of loans) await s.cameraman.put(`/api/equipment-requests/${loan.id}/checkout`);
    expect(await out()).toBe(3);
    await s.cameraman.put(`/api/equipment-requests/${loans[0]!.id}/return`);
    await s.cameraman.post(`/api/equipment-requests/${loans[1]!.id}/extend`, {
      newReturnDate: new Date(Date.now() + 9e7).toISOString(),
    });
    expect(await out()).toBe(3);
    await s.owner.put(`/api/equipment-requests/${loans[0]!.id}/approve-return`);
    expect(await out()).toBe(2);
    expect((await other.owner.get<DashboardStats>('/api/dashboard/stats')).body.equipment.out).toBe(0);
  });
});
