import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { Equipment, EquipmentRequest } from '../../../shared/contracts/equipment';
import { EQUIPMENT_DEFAULT_LOAN_HOURS } from '../../../shared/constants';
import { storeSql } from '../../test/store-sql';
import { startTestServer, type TestServer } from '../../test/test-server';
import { approvedRequest, createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Res = EquipmentRequest & ErrorBody;

/** The equipment_activities rows of a request (not exposed by the API yet). */
function activitiesOf(requestId: number) {
  return storeSql<{ type: string; action: string; userId: number; metadata: string }>(
    server,
    `SELECT type, action, user_id AS "userId", CAST(metadata AS TEXT) AS metadata
       FROM equipment_activities WHERE request_id = ? ORDER BY id`,
    [requestId],
  );
}

describe('POST /api/equipment-requests', () => {
  it('makes a pending request by the caller (body ids ignored), due in the default loan time, with names joined', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { name: 'Sony FX6', code: 'FX6-1' });
    const before = Date.now();
    const res = await s.cameraman.post<Res>('/api/equipment-requests', {
      equipmentId: item.id,
      purpose: 'Council meeting',
      notes: 'Batteries too',
      requestedBy: 1,
      companyId: 1,
      status: 'approved',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      source: 'web',
      requestedBy: s.cameraman.user.id,
      requestedByName: 'Test cameraman',
      requestedByUsername: s.cameraman.user.username,
      approvedBy: null,
      approvedByUsername: null,
      equipmentName: 'Sony FX6',
      equipmentCode: 'FX6-1',
      companyId: s.companyId,
      notes: 'Batteries too',
      extension: null,
    });
    const due = Date.parse(res.body.expectedReturnDate!) - before;
    expect(due).toBeGreaterThanOrEqual(EQUIPMENT_DEFAULT_LOAN_HOURS * 3_600_000 - 1000);
    expect(due).toBeLessThan(EQUIPMENT_DEFAULT_LOAN_HOURS * 3_600_000 + 60_000);
    const second = await requestEquipment(s.editor, item.id);
    expect((await s.cameraman.get<EquipmentRequest[]>('/api/equipment-requests')).body.map((r) => r.id)).toEqual([
      second.id,
      res.body.id,
    ]);
    expect(await activitiesOf(res.body.id)).toEqual([
      {
        type: 'web_request',
        action: 'equipment_requested',
        userId: s.cameraman.user.id,
        metadata: expect.stringContaining('"source":"web"') as unknown,
      },
    ]);
  });

  it('purpose is required with the spec’s message; an unknown item is 404', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner);
    for (const body of [{ equipmentId: item.id }, { equipmentId: item.id, purpose: '   ' }, { purpose: 'x' }]) {
      const res = await s.cameraman.post<Res>('/api/equipment-requests', body);
      expect([res.status, res.body.message]).toEqual([400, 'Please fill in all required fields']);
    }
    const missing = await s.cameraman.post<Res>('/api/equipment-requests', { equipmentId: 999_999, purpose: 'x' });
    expect([missing.status, missing.body.message]).toEqual([404, 'Equipment not found']);
  });
});

describe('roles on requests', () => {
  it('only owner/admin approve, reject, approve returns, decide extensions and clean up (403 for the rest)', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { quantity: 10 });
    for (const c of [s.cameraman, s.editor, s.technical]) {
      const req = await requestEquipment(c, item.id);
      expect((await c.put(`/api/equipment-requests/${req.id}/approve`)).status).toBe(403);
      expect((await c.put(`/api/equipment-requests/${req.id}/reject`)).status).toBe(403);
      expect((await c.put(`/api/equipment-requests/${req.id}`, { status: 'approved' })).status).toBe(403);
      expect((await c.put(`/api/equipment-requests/${req.id}/approve-return`)).status).toBe(403);
      expect((await c.post('/api/equipment-extension/approve', { requestId: req.id, approved: true })).status).toBe(
        403,
      );
      expect((await c.post('/api/equipment-requests/cleanup-duplicates')).status).toBe(403);
    }
    for (const c of [s.owner, s.admin]) {
      const req = await requestEquipment(s.cameraman, item.id);
      expect((await c.put<Res>(`/api/equipment-requests/${req.id}/approve`)).body.status).toBe('approved');
    }
  });

  it('check out and extend: the requester, owner/admin or equipment staff; return: anyone, awaiting approval', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { quantity: 10 });
    const mine = await approvedRequest(s.cameraman, s.owner, item.id);
    const refused = await s.editor.put<Res>(`/api/equipment-requests/${mine.id}/checkout`);
    expect(refused.status).toBe(403);
    expect(
      (
        await s.editor.post(`/api/equipment-requests/${mine.id}/extend`, {
          newReturnDate: new Date(Date.now() + 9e7).toISOString(),
        })
      ).status,
    ).toBe(403);
    // Spec 001 §6: "Return is offered to anyone" — a colleague brings the camera back; an admin approves it.
    const colleague = await approvedRequest(s.cameraman, s.owner, item.id);
    expect((await s.editor.put<Res>(`/api/equipment-requests/${colleague.id}/return`)).body.status).toBe(
      'return_requested',
    );
    // Equipment staff hand the unit over at the store.
    expect((await s.technical.put<Res>(`/api/equipment-requests/${mine.id}/checkout`)).body.status).toBe('out');
    // A technical user's Return asks, like anyone who is not owner/admin.
    expect((await s.technical.put<Res>(`/api/equipment-requests/${mine.id}/return`)).body.status).toBe(
      'return_requested',
    );
    const other = await approvedRequest(s.cameraman, s.owner, item.id);
    expect((await s.cameraman.put<Res>(`/api/equipment-requests/${other.id}/checkout`)).body.status).toBe('out');
    expect((await s.admin.put<Res>(`/api/equipment-requests/${other.id}/return`)).body.status).toBe('returned');
  });
});

describe('stock', () => {
  it('check out takes a unit, the last one makes the item checked_out, a return makes it available again', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { name: 'Gimbal', quantity: 2 });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => approvedRequest(s.cameraman, s.owner, item.id)));
    await s.cameraman.put(`/api/equipment-requests/${a!.id}/checkout`);
    const stockAfter = async () =>
      (await s.owner.get<Equipment[]>('/api/equipment')).body.find((e) => e.id === item.id)!;
    expect(await stockAfter()).toMatchObject({ currentStock: 1, status: 'available' });
    await s.cameraman.put(`/api/equipment-requests/${b!.id}/checkout`);
    expect(await stockAfter()).toMatchObject({ currentStock: 0, status: 'checked_out' });
    const none = await s.cameraman.put<Res>(`/api/equipment-requests/${c!.id}/checkout`);
    expect([none.status, none.body.message]).toEqual([409, 'No Gimbal left in stock']);
    await s.cameraman.put(`/api/equipment-requests/${a!.id}/return`);
    expect(await stockAfter()).toMatchObject({ currentStock: 0, status: 'checked_out' });
    await s.owner.put(`/api/equipment-requests/${a!.id}/approve-return`);
    expect(await stockAfter()).toMatchObject({ currentStock: 1, status: 'available' });
    // Returning a loan that never left the shelf gives nothing back.
    await s.owner.put(`/api/equipment-requests/${c!.id}/return`);
    expect(await stockAfter()).toMatchObject({ currentStock: 1 });
    const logs = (await s.owner.get<ActivityLog[]>('/api/activity-logs')).body.map((l) => l.action);
    expect(logs).toEqual(
      expect.arrayContaining([
        'equipment_request_approved',
        'equipment_checked_out',
        'equipment_return_requested',
        'equipment_returned',
      ]),
    );
    expect((await activitiesOf(a!.id)).map((x) => [x.type, x.action])).toEqual([
      ['web_request', 'equipment_requested'],
      ['web_approval', 'equipment_request_approved'],
      ['web_request', 'equipment_checked_out'],
      ['web_request', 'equipment_return_requested'],
      ['web_approval', 'equipment_returned'],
    ]);
  });

  it('an item in maintenance or out of service cannot be checked out (409)', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { name: 'Light' });
    const req = await approvedRequest(s.cameraman, s.owner, item.id);
    for (const [status, words] of [
      ['maintenance', 'in maintenance'],
      ['out_of_service', 'out of service'],
    ]) {
      await s.technical.put(`/api/equipment/${item.id}/status`, { status });
      const res = await s.cameraman.put<Res>(`/api/equipment-requests/${req.id}/checkout`);
      expect([res.status, res.body.message]).toEqual([409, `Light is ${words} and cannot be checked out`]);
    }
    await s.technical.put(`/api/equipment/${item.id}/status`, { status: 'available' });
    expect((await s.cameraman.put(`/api/equipment-requests/${req.id}/checkout`)).status).toBe(200);
  });
});
