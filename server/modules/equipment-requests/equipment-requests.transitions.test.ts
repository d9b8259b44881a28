import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { EquipmentRequest } from '../../../shared/contracts/equipment';
import {
  transition,
  type EquipmentRequestAction,
  type EquipmentRequestStatus,
} from '../../../shared/equipment-transitions';
import type { ApiClient } from '../../test/api-client';
import { startTestServer, type TestServer } from '../../test/test-server';
import { createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';

let server: TestServer;
let s: Awaited<ReturnType<typeof equipmentStation>>;
let itemId: number;
beforeAll(async () => {
  server = await startTestServer();
  s = await equipmentStation(server);
  itemId = (await createEquipment(s.owner, { quantity: 1000 })).id;
});
afterAll(() => server.close());

type Res = EquipmentRequest & ErrorBody;
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** How the owner (approver and participant) triggers each action over the API. */
const CALLS: Record<EquipmentRequestAction, (c: ApiClient, id: number) => Promise<{ status: number; body: Res }>> = {
  approve: (c, id) => c.put<Res>(`/api/equipment-requests/${id}/approve`),
  reject: (c, id) => c.put<Res>(`/api/equipment-requests/${id}/reject`),
  check_out: (c, id) => c.put<Res>(`/api/equipment-requests/${id}/checkout`),
  request_return: (c, id) => c.put<Res>(`/api/equipment-requests/${id}`, { status: 'return_requested' }),
  approve_return: (c, id) => c.put<Res>(`/api/equipment-requests/${id}/approve-return`),
  return: (c, id) => c.put<Res>(`/api/equipment-requests/${id}/return`),
  request_extension: (c, id) =>
    c.post<Res>(`/api/equipment-requests/${id}/extend`, { newReturnDate: later(72), reason: 'Shoot runs late' }),
};

/** A request of the cameraman's brought to `status` through the API. */
async function requestIn(status: EquipmentRequestStatus): Promise<EquipmentRequest> {
  const made = await requestEquipment(s.cameraman, itemId);
  const steps: Record<EquipmentRequestStatus, EquipmentRequestAction[]> = {
    pending: [],
    approved: ['approve'],
    rejected: ['reject'],
    out: ['approve', 'check_out'],
    return_requested: ['approve', 'check_out', 'request_return'],
    returned: ['approve', 'check_out', 'return'],
    extension_pending: ['approve', 'check_out', 'request_extension'],
  };
  let last: Res = made as Res;
  for (const action of steps[status]) {
    const res = await CALLS[action](s.owner, made.id);
    expect(res.status).toBe(200);
    last = res.body;
  }
  expect(last.status).toBe(status);
  return last;
}

const STATUSES: EquipmentRequestStatus[] = [
  'pending',
  'approved',
  'rejected',
  'out',
  'return_requested',
  'returned',
  'extension_pending',
];
const ACTIONS = Object.keys(CALLS) as EquipmentRequestAction[];

describe('every transition and every illegal one, over the API', () => {
  for (const from of STATUSES) {
    it(`from ${from}: legal actions move as the state machine says, the rest are 409 with its message`, async () => {
      for (const action of ACTIONS) {
        const req = await requestIn(from);
        const expected = transition(from, action);
        const res = await CALLS[action](s.owner, req.id);
        if (expected.ok) {
          expect([action, res.status, res.body.status]).toEqual([action, 200, expected.to]);
        } else {
          expect([action, res.status, res.body.message]).toEqual([action, 409, expected.message]);
          const now = (await s.owner.get<EquipmentRequest[]>('/api/equipment-requests')).body.find(
            (r) => r.id === req.id,
          );
          expect(now?.status).toBe(from);
        }
      }
    });
  }
});

describe('what each step records', () => {
  it('approve sets approvedBy/approvedAt; check out checkedOutAt; return asks (returnedBy) then the admin approves', async () => {
    const req = await requestEquipment(s.cameraman, itemId);
    const approved = (
      await s.admin.put<Res>(`/api/equipment-requests/${req.id}`, { status: 'approved', approvedBy: 1 })
    ).body;
    expect(approved).toMatchObject({
      status: 'approved',
      approvedBy: s.admin.user.id,
      approvedByUsername: s.admin.user.username,
    });
    expect(approved.approvedAt).toEqual(expect.any(String));
    const out = (await s.cameraman.put<Res>(`/api/equipment-requests/${req.id}`, { status: 'out' })).body;
    expect(out.checkedOutAt).toEqual(expect.any(String));
    // The spec's tips: returns need admin approval — a cameraman's Return (either path) asks.
    const asked = (await s.cameraman.put<Res>(`/api/equipment-requests/${req.id}`, { status: 'returned' })).body;
    expect(asked).toMatchObject({ status: 'return_requested', returnedBy: s.cameraman.user.id });
    const done = (await s.admin.put<Res>(`/api/equipment-requests/${req.id}/approve-return`, { returnApprovedBy: 1 }))
      .body;
    expect(done).toMatchObject({
      status: 'returned',
      returnApprovedBy: s.admin.user.id,
      returnedBy: s.cameraman.user.id,
    });
    expect(done.returnedAt).toEqual(expect.any(String));
  });

  it('an extension waits with its record, then approval moves the return date and goes back to the previous status', async () => {
    const req = await requestIn('approved');
    const date = later(96);
    const pending = (
      await s.cameraman.post<Res>(`/api/equipment-requests/${req.id}/extend`, {
        newReturnDate: date,
        reason: 'More days',
      })
    ).body;
    expect(pending.status).toBe('extension_pending');
    expect(pending.extension).toMatchObject({
      status: 'pending',
      newReturnDate: date,
      reason: 'More days',
      currentReturnDate: req.expectedReturnDate,
      requestedBy: s.cameraman.user.id,
    });
    expect(pending.extension!.extensionDuration).toBeGreaterThan(0);
    const decided = await s.admin.post<Res>('/api/equipment-extension/approve', {
      requestId: req.id,
      approved: true,
      approvedBy: 1,
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'approved', expectedReturnDate: date, extension: null });
    const again = await s.admin.post<Res>('/api/equipment-extension/approve', { requestId: req.id, approved: true });
    expect([again.status, again.body.message]).toEqual([
      409,
      'There is no extension to decide: the request is approved',
    ]);
  });

  it('a rejected extension keeps the old date and returns to out', async () => {
    const req = await requestIn('out');
    await s.cameraman.post(`/api/equipment-requests/${req.id}/extend`, { newReturnDate: later(200) });
    const decided = await s.owner.post<Res>('/api/equipment-extension/approve', {
      requestId: req.id,
      approved: false,
      rejectionReason: 'Needed on Monday',
    });
    expect(decided.body).toMatchObject({ status: 'out', expectedReturnDate: req.expectedReturnDate });
  });

  it('an extension date not after the current one is 400', async () => {
    const req = await requestIn('out');
    const res = await s.cameraman.post<Res>(`/api/equipment-requests/${req.id}/extend`, {
      newReturnDate: new Date(Date.now() - 1000).toISOString(),
    });
    expect([res.status, res.body.message]).toEqual([400, 'New return date must be after the current return date']);
  });
});
