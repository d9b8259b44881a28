import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { CreatedEquipmentRequest, Equipment, EquipmentRequest } from '../../../shared/contracts/equipment';
import { EQUIPMENT_DEFAULT_LOAN_HOURS } from '../../../shared/constants';
import { startTestServer, type TestServer } from '../../test/test-server';
import { approvedRequest, createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';

/** Issue 39 points 9 and 10: the loan gaps staff found (API end to end, a real server). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Res = EquipmentRequest & ErrorBody;

describe('issue 39 point 10: items that cannot be lent', () => {
  it.each([
    ['maintenance', 'is in maintenance'],
    ['out_of_service', 'is out of service'],
  ])(
    'an item in %s cannot be requested (409 with the reason, web and mobile); nothing is stored',
    async (status, words) => {
      const s = await equipmentStation(server);
      const item = await createEquipment(s.owner, { name: 'Sony FX6', status });
      for (const path of ['/api/equipment-requests', '/api/mobile/equipment-requests']) {
        const res = await s.cameraman.post<Res>(path, { equipmentId: item.id, purpose: 'Shoot' });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(`Sony FX6 ${words} and cannot be requested`);
      }
      expect((await s.owner.get<EquipmentRequest[]>('/api/equipment-requests')).body).toHaveLength(0);
    },
  );

  it('a pending request for an item sent to maintenance meanwhile cannot be approved (409)', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { name: 'Tripod' });
    const req = await requestEquipment(s.cameraman, item.id);
    expect((await s.owner.put<Equipment>(`/api/equipment/${item.id}/status`, { status: 'maintenance' })).status).toBe(
      200,
    );
    const res = await s.admin.put<Res>(`/api/equipment-requests/${req.id}/approve`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Tripod is in maintenance and cannot be approved for a loan');
    expect((await s.owner.get<EquipmentRequest[]>('/api/equipment-requests')).body[0]?.status).toBe('pending');
  });
});

describe('issue 39 point 10: reject with a reason the borrower sees', () => {
  it('the reason is stored and shown on the borrower’s request; a blank reason is no reason', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner);
    const req = await requestEquipment(s.cameraman, item.id);
    const res = await s.admin.put<Res>(`/api/equipment-requests/${req.id}/reject`, {
      reason: '  Booked for the election night  ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', rejectionReason: 'Booked for the election night' });
    const mine = (await s.cameraman.get<EquipmentRequest[]>('/api/equipment-requests')).body.find(
      (r) => r.id === req.id,
    );
    expect(mine?.rejectionReason).toBe('Booked for the election night');
    const other = await requestEquipment(s.cameraman, item.id);
    const bare = await s.admin.put<Res>(`/api/equipment-requests/${other.id}/reject`, { reason: '   ' });
    expect(bare.body).toMatchObject({ status: 'rejected', rejectionReason: null });
  });
});

describe('issue 39 point 10: a blank return date says what it became', () => {
  it('the answer names the default due date; a given date is not flagged', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner);
    const res = await s.cameraman.post<CreatedEquipmentRequest & ErrorBody>('/api/equipment-requests', {
      equipmentId: item.id,
      purpose: 'Shoot',
    });
    expect(res.status).toBe(201);
    expect(res.body.returnDateDefaulted).toBe(true);
    expect(res.body.notice).toBe(
      `No return date given: due back ${res.body.expectedReturnDate!.slice(0, 16).replace('T', ' ')} UTC (${EQUIPMENT_DEFAULT_LOAN_HOURS} h after the request)`,
    );
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const given = await s.cameraman.post<CreatedEquipmentRequest>('/api/mobile/equipment-requests', {
      equipmentId: item.id,
      purpose: 'Shoot',
      expectedReturnDate: due,
    });
    expect(given.body).toMatchObject({ returnDateDefaulted: false, notice: null, expectedReturnDate: due });
  });
});

describe('issue 39 point 10: check-in records the condition and any damage', () => {
  it('an approver’s Return takes condition + damage note; the item’s condition follows', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { condition: 'excellent' });
    const req = await approvedRequest(s.cameraman, s.admin, item.id);
    await s.cameraman.put(`/api/equipment-requests/${req.id}/checkout`);
    const bad = await s.admin.put<Res>(`/api/equipment-requests/${req.id}/return`, { condition: 'broken' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Condition must be one of excellent, good, fair, poor');
    const res = await s.admin.put<Res>(`/api/equipment-requests/${req.id}/return`, {
      condition: 'fair',
      damageNote: 'Scratched lens hood',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'returned', returnCondition: 'fair', damageNote: 'Scratched lens hood' });
    const after = (await s.owner.get<Equipment[]>('/api/equipment')).body.find((e) => e.id === item.id);
    expect(after).toMatchObject({ condition: 'fair', currentStock: 1 });
  });

  it('the borrower’s Return may state the condition; the approver’s Approve Return confirms or corrects it', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { condition: 'good' });
    const req = await approvedRequest(s.cameraman, s.admin, item.id);
    await s.cameraman.put(`/api/equipment-requests/${req.id}/checkout`);
    const asked = await s.cameraman.put<Res>(`/api/equipment-requests/${req.id}/return`, {
      condition: 'good',
      damageNote: null,
    });
    expect(asked.body).toMatchObject({ status: 'return_requested', returnCondition: 'good', damageNote: null });
    const done = await s.owner.put<Res>(`/api/equipment-requests/${req.id}/approve-return`, {
      condition: 'poor',
      damageNote: 'Battery door cracked',
    });
    expect(done.body).toMatchObject({
      status: 'returned',
      returnCondition: 'poor',
      damageNote: 'Battery door cracked',
    });
    expect((await s.owner.get<Equipment[]>('/api/equipment')).body.find((e) => e.id === item.id)?.condition).toBe(
      'poor',
    );
    // Without a condition (a script's bare Return), the item keeps its condition.
    const item2 = await createEquipment(s.owner, { condition: 'excellent' });
    const req2 = await approvedRequest(s.cameraman, s.admin, item2.id);
    await s.cameraman.put(`/api/equipment-requests/${req2.id}/checkout`);
    expect((await s.owner.put<Res>(`/api/equipment-requests/${req2.id}/return`)).body).toMatchObject({
      status: 'returned',
      returnCondition: null,
    });
    expect((await s.owner.get<Equipment[]>('/api/equipment')).body.find((e) => e.id === item2.id)?.condition).toBe(
      'excellent',
    );
  });
});

describe('issue 39 point 9: the approver sees both dates and the reason', () => {
  it('a pending extension carries the current and the new date and the reason; the decision applies it', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner);
    const due = new Date(Date.now() + 86_400_000).toISOString();
    const made = await requestEquipment(s.cameraman, item.id, { expectedReturnDate: due });
    await s.admin.put(`/api/equipment-requests/${made.id}/approve`);
    await s.cameraman.put(`/api/equipment-requests/${made.id}/checkout`);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const asked = await s.cameraman.post<Res>(`/api/equipment-requests/${made.id}/extend`, {
      newReturnDate: later,
      reason: 'Court case adjourned to Thursday',
    });
    expect(asked.status).toBe(200);
    const seen = (await s.admin.get<EquipmentRequest[]>('/api/equipment-requests')).body.find((r) => r.id === made.id);
    expect(seen).toMatchObject({ status: 'extension_pending', expectedReturnDate: due });
    expect(seen?.extension).toMatchObject({
      currentReturnDate: due,
      newReturnDate: later,
      reason: 'Court case adjourned to Thursday',
      requestedByName: 'Test cameraman',
    });
  });
});
