import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { Equipment, EquipmentRequest } from '../../../shared/contracts/equipment';
import { startTestServer, type TestServer } from '../../test/test-server';
import { approvedRequest, createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Res = Equipment & ErrorBody;

describe('POST /api/equipment', () => {
  it('creates with stock = quantity, ignores companyId/createdBy, lists newest first', async () => {
    const { owner, companyId } = await equipmentStation(server);
    const a = await createEquipment(owner, { name: 'Tripod', quantity: 3, companyId: 1, createdBy: 1 });
    expect(a).toMatchObject({
      name: 'Tripod',
      quantity: 3,
      currentStock: 3,
      status: 'available',
      condition: 'good',
      category: 'General',
      companyId,
    });
    const b = await createEquipment(owner, { name: 'Mic' });
    const list = (await owner.get<Equipment[]>('/api/equipment')).body;
    expect(list.map((e) => e.id)).toEqual([b.id, a.id]);
  });

  it('refuses a duplicate code in the company with 409, allows it in another company', async () => {
    const one = await equipmentStation(server);
    const two = await equipmentStation(server);
    await createEquipment(one.owner, { code: 'CAM-01' });
    const dup = await one.owner.post<Res>('/api/equipment', { name: 'X', code: 'CAM-01', location: 'Store' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Equipment code CAM-01 already exists');
    expect((await two.owner.post('/api/equipment', { name: 'X', code: 'CAM-01', location: 'Store' })).status).toBe(201);
  });

  it('answers the form messages verbatim', async () => {
    const { owner } = await equipmentStation(server);
    const cases: Array<[unknown, string]> = [
      [{ code: 'A', location: 'S' }, 'Equipment name is required'],
      [{ name: 'A', location: 'S' }, 'Equipment code is required'],
      [{ name: 'A', code: 'B', location: 'S', quantity: 0 }, 'Quantity must be at least 1'],
      [{ name: 'A', code: 'B', location: 'S', quantity: 'many' }, 'Quantity must be a number'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post<Res>('/api/equipment', body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });
});

describe('roles on the catalogue', () => {
  it('owner, admin, technical manage; editor and cameraman read only (403)', async () => {
    const s = await equipmentStation(server);
    for (const c of [s.owner, s.admin, s.technical]) {
      const item = await createEquipment(c);
      expect((await c.patch(`/api/equipment/${item.id}`, { location: 'Van' })).status).toBe(200);
      expect((await c.put(`/api/equipment/${item.id}/status`, { status: 'maintenance' })).status).toBe(200);
      expect((await c.delete(`/api/equipment/${item.id}`)).status).toBe(200);
    }
    const item = await createEquipment(s.owner);
    for (const c of [s.editor, s.cameraman]) {
      expect((await c.get('/api/equipment')).status).toBe(200);
      expect((await c.post('/api/equipment', { name: 'A', code: 'Z1', location: 'S' })).status).toBe(403);
      expect((await c.patch(`/api/equipment/${item.id}`, { location: 'Van' })).status).toBe(403);
      expect((await c.put(`/api/equipment/${item.id}/status`, { status: 'maintenance' })).status).toBe(403);
      expect((await c.delete(`/api/equipment/${item.id}`)).status).toBe(403);
    }
  });
});

describe('PATCH /api/equipment/:id', () => {
  it('an empty body answers the item unchanged; a partial edit changes only its fields', async () => {
    const { owner } = await equipmentStation(server);
    const item = await createEquipment(owner, { description: 'Old' });
    const empty = await owner.request<Res>('PATCH', `/api/equipment/${item.id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual(item);
    const edited = await owner.patch<Res>(`/api/equipment/${item.id}`, { name: 'Renamed' });
    expect(edited.body).toMatchObject({ name: 'Renamed', description: 'Old', code: item.code });
  });

  it('a quantity change keeps units out on loan, and refuses to go below them', async () => {
    const { owner, cameraman } = await equipmentStation(server);
    const item = await createEquipment(owner, { quantity: 3 });
    for (let i = 0; i < 2; i++) {
      const r = await approvedRequest(cameraman, owner, item.id);
      expect((await cameraman.put(`/api/equipment-requests/${r.id}/checkout`)).status).toBe(200);
    }
    const up = await owner.patch<Res>(`/api/equipment/${item.id}`, { quantity: 5 });
    expect(up.body).toMatchObject({ quantity: 5, currentStock: 3 });
    const down = await owner.patch<Res>(`/api/equipment/${item.id}`, { quantity: 2 });
    expect(down.body).toMatchObject({ quantity: 2, currentStock: 0, status: 'checked_out' });
    const tooLow = await owner.patch<Res>(`/api/equipment/${item.id}`, { quantity: 1 });
    expect(tooLow.status).toBe(409);
    expect(tooLow.body.message).toBe('2 Camera are out on loan: the quantity cannot be less than 2');
  });

  it('a code already used by another item is 409', async () => {
    const { owner } = await equipmentStation(server);
    const a = await createEquipment(owner);
    const b = await createEquipment(owner);
    const res = await owner.patch<Res>(`/api/equipment/${b.id}`, { code: a.code });
    expect([res.status, res.body.message]).toEqual([409, `Equipment code ${a.code} already exists`]);
    expect((await owner.patch(`/api/equipment/${a.id}`, { code: a.code })).status).toBe(200);
  });
});

describe('DELETE /api/equipment/:id', () => {
  it('is refused while a loan is out; afterwards the item and its requests go', async () => {
    const { owner, cameraman } = await equipmentStation(server);
    const item = await createEquipment(owner, { name: 'Drone' });
    await requestEquipment(cameraman, item.id);
    const loan = await approvedRequest(cameraman, owner, item.id);
    await cameraman.put(`/api/equipment-requests/${loan.id}/checkout`);
    const refused = await owner.delete<ErrorBody>(`/api/equipment/${item.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Drone is out on loan/);
    await owner.put(`/api/equipment-requests/${loan.id}/return`);
    expect((await owner.delete(`/api/equipment/${item.id}`)).status).toBe(200);
    expect((await owner.get<EquipmentRequest[]>('/api/equipment-requests')).body).toEqual([]);
    expect((await owner.get<Equipment[]>('/api/equipment')).body).toEqual([]);
    const logs = (await owner.get<ActivityLog[]>('/api/activity-logs')).body.map((l) => l.action);
    expect(logs).toEqual(
      expect.arrayContaining(['equipment_created', 'equipment_deleted', 'equipment_checked_out', 'equipment_returned']),
    );
  });
});

describe('PUT /api/equipment/:id/status', () => {
  it('sets a status, and refuses an unknown one with 400', async () => {
    const { technical } = await equipmentStation(server);
    const item = await createEquipment(technical);
    expect(
      (await technical.put<Res>(`/api/equipment/${item.id}/status`, { status: 'out_of_service' })).body.status,
    ).toBe('out_of_service');
    const bad = await technical.put<Res>(`/api/equipment/${item.id}/status`, { status: 'lost' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Status must be one of/);
  });
});
