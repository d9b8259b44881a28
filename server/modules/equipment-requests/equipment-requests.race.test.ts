import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { Equipment, EquipmentRequest } from '../../../shared/contracts/equipment';
import type { ApiClient } from '../../test/api-client';
import { storeSql } from '../../test/store-sql';
import { startTestServer, type TestServer } from '../../test/test-server';
import { approvedRequest, createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Res = EquipmentRequest & ErrorBody;
const itemOf = async (c: ApiClient, id: number) =>
  (await c.get<Equipment[]>('/api/equipment')).body.find((e) => e.id === id)!;
/** Hundreds of requests on a 2-core box shared with other suites: room beyond the 20 s default. */
const RACE_TIMEOUT = 60_000;
const count = (results: Array<{ status: number }>, status: number) => results.filter((r) => r.status === status).length;

/** n approved requests for one item, made through the API in parallel batches (setup, not the race). */
async function approvedMany(requester: ApiClient, approver: ApiClient, itemId: number, n: number) {
  const out: EquipmentRequest[] = [];
  for (let i = 0; i < n; i += 50) {
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, n - i) }, () => approvedRequest(requester, approver, itemId)),
      )),
    );
  }
  return out;
}

/**
 * 300 approved requests written straight into the store in one statement: made through the API
 * they cost 600 fsynced commits (≈ 12 s on the 2-core box), which is setup, not the race under test.
 */
async function approvedRows(companyId: number, itemId: number, userId: number, n: number): Promise<number[]> {
  const at = new Date().toISOString();
  const rows = await storeSql<{ id: number }>(
    server,
    `INSERT INTO equipment_requests (company_id, equipment_id, requested_by, approved_by, purpose, status, requested_at, approved_at, created_at, updated_at)
     VALUES ${Array.from({ length: n }, () => "(?, ?, ?, ?, 'Race', 'approved', ?, ?, ?, ?)").join(', ')}
     RETURNING id`,
    Array.from({ length: n }, () => [companyId, itemId, userId, userId, at, at, at, at]).flat(),
  );
  expect(rows).toHaveLength(n);
  return rows.map((r) => Number(r.id));
}

describe('stock under concurrency', () => {
  it(
    '300 parallel check-outs of an item with quantity 2: exactly 2 succeed, stock 0, checked_out, the rest 409',
    async () => {
      const s = await equipmentStation(server);
      const item = await createEquipment(s.owner, { name: 'Last camera', quantity: 2 });
      const ids = await approvedRows(s.companyId, item.id, s.cameraman.user.id, 300);
      const results = await Promise.all(
        ids.map((id) => s.cameraman.put<Res>(`/api/equipment-requests/${id}/checkout`)),
      );
      expect(count(results, 200)).toBe(2);
      expect(count(results, 409)).toBe(298);
      expect(
        results.filter((r) => r.status === 409).every((r) => r.body.message === 'No Last camera left in stock'),
      ).toBe(true);
      expect(await itemOf(s.owner, item.id)).toMatchObject({ currentStock: 0, quantity: 2, status: 'checked_out' });
      const out = (await s.owner.get<EquipmentRequest[]>('/api/equipment-requests')).body.filter(
        (r) => r.status === 'out',
      );
      expect(out).toHaveLength(2);
    },
    RACE_TIMEOUT,
  );

  it(
    '200 parallel returns (repeats of the same loans included) never push stock above quantity',
    async () => {
      const s = await equipmentStation(server);
      const item = await createEquipment(s.owner, { quantity: 2 });
      const loans = await approvedMany(s.cameraman, s.owner, item.id, 10);
      for (const loan of loans.slice(0, 2))
        expect((await s.cameraman.put(`/api/equipment-requests/${loan.id}/checkout`)).status).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => s.owner.put<Res>(`/api/equipment-requests/${loans[i % 10]!.id}/return`)),
      );
      expect(count(results, 200)).toBe(10);
      expect(count(results, 409)).toBe(190);
      expect(await itemOf(s.owner, item.id)).toMatchObject({ currentStock: 2, quantity: 2, status: 'available' });
    },
    RACE_TIMEOUT,
  );

  it(
    'parallel approve and reject of one request: one wins, the other is 409, the status is the winner’s',
    async () => {
      const s = await equipmentStation(server);
      const item = await createEquipment(s.owner);
      for (let i = 0; i < 20; i++) {
        const req = await requestEquipment(s.cameraman, item.id);
        const [approve, reject] = await Promise.all([
          s.owner.put<Res>(`/api/equipment-requests/${req.id}/approve`),
          s.admin.put<Res>(`/api/equipment-requests/${req.id}/reject`),
        ]);
        expect([approve.status, reject.status].sort()).toEqual([200, 409]);
        const winner = approve.status === 200 ? 'approved' : 'rejected';
        const now = (await s.owner.get<EquipmentRequest[]>('/api/equipment-requests')).body.find(
          (r) => r.id === req.id,
        )!;
        expect(now.status).toBe(winner);
      }
    },
    RACE_TIMEOUT,
  );
});
