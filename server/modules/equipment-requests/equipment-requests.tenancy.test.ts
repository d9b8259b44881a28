import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { Equipment, EquipmentRequest } from '../../../shared/contracts/equipment';
import { startTestServer, type TestServer } from '../../test/test-server';
import { approvedRequest, createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const soon = () => new Date(Date.now() + 3 * 86_400_000).toISOString();

describe('tenancy', () => {
  it('another company’s equipment and request ids are 404 on every endpoint, and lists never leak', async () => {
    const a = await equipmentStation(server);
    const b = await equipmentStation(server);
    const item = await createEquipment(a.owner);
    const pending = await requestEquipment(a.cameraman, item.id);
    const loan = await approvedRequest(a.cameraman, a.owner, item.id);
    const calls: Array<[string, () => Promise<{ status: number; body: unknown }>]> = [
      ['PATCH item', () => b.owner.patch(`/api/equipment/${item.id}`, { name: 'Mine' })],
      ['PUT status', () => b.owner.put(`/api/equipment/${item.id}/status`, { status: 'maintenance' })],
      ['DELETE item', () => b.owner.delete(`/api/equipment/${item.id}`)],
      ['request item', () => b.cameraman.post('/api/equipment-requests', { equipmentId: item.id, purpose: 'x' })],
      [
        'mobile request item',
        () => b.cameraman.post('/api/mobile/equipment-requests', { equipmentId: item.id, purpose: 'x' }),
      ],
      ['PUT request', () => b.owner.put(`/api/equipment-requests/${pending.id}`, { status: 'approved' })],
      ['approve', () => b.owner.put(`/api/equipment-requests/${pending.id}/approve`)],
      ['reject', () => b.owner.put(`/api/equipment-requests/${pending.id}/reject`)],
      ['checkout (owner)', () => b.owner.put(`/api/equipment-requests/${loan.id}/checkout`)],
      ['checkout (cameraman)', () => b.cameraman.put(`/api/equipment-requests/${loan.id}/checkout`)],
      ['return', () => b.cameraman.put(`/api/equipment-requests/${loan.id}/return`)],
      ['approve-return', () => b.owner.put(`/api/equipment-requests/${loan.id}/approve-return`)],
      ['extend', () => b.cameraman.post(`/api/equipment-requests/${loan.id}/extend`, { newReturnDate: soon() })],
      [
        'extension decision',
        () => b.owner.post('/api/equipment-extension/approve', { requestId: loan.id, approved: true }),
      ],
      ['permissions of A’s user', () => b.owner.get(`/api/mobile/user-permissions/${a.cameraman.user.id}`)],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect([name, res.status]).toEqual([name, 404]);
    }
    expect(
      (await b.owner.post<{ duplicatesRemoved: number }>('/api/equipment-requests/cleanup-duplicates')).body,
    ).toEqual({ duplicatesRemoved: 0 });
    for (const path of [
      '/api/equipment',
      '/api/mobile/equipment',
      '/api/equipment-requests',
      '/api/mobile/equipment-requests',
    ]) {
      expect([path, (await b.owner.get<unknown[]>(path)).body]).toEqual([path, []]);
    }
    // Nothing of A's changed.
    expect((await a.owner.get<Equipment[]>('/api/equipment')).body[0]).toEqual(item);
    const aRequests = (await a.owner.get<EquipmentRequest[]>('/api/equipment-requests')).body;
    expect(aRequests.map((r) => [r.id, r.status])).toEqual([
      [loan.id, 'approved'],
      [pending.id, 'pending'],
    ]);
  });
});

describe('hostile input', () => {
  it('wrong types, huge text, NUL, arrays and odd ids are 4xx JSON with a message, never 5xx', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner);
    const req = await requestEquipment(s.cameraman, item.id);
    const huge = 'x'.repeat(300_000);
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/equipment', { name: 'A', code: 'B', location: 'C', quantity: 'lots' }],
      ['POST', '/api/equipment', { name: ['A'], code: 'B', location: 'C' }],
      ['POST', '/api/equipment', { name: 'A'.repeat(5000), code: 'B', location: 'C' }],
      ['POST', '/api/equipment', { name: 'A', code: 'B', location: 'C', quantity: 1e12 }],
      ['POST', '/api/equipment', { name: 'A', code: 'B', location: 'C', category: { x: 1 } }],
      ['POST', '/api/equipment', [1, 2, 3]],
      ['POST', '/api/equipment', { name: 'A\u0000', code: 'B', location: 'C' }],
      ['POST', '/api/equipment', { name: huge, code: 'B', location: 'C' }],
      ['POST', '/api/equipment', '{"name":'],
      ['PATCH', `/api/equipment/${item.id}`, { quantity: -1 }],
      ['PATCH', `/api/equipment/${item.id}`, { category: 7 }],
      ['PATCH', `/api/equipment/${item.id}`, { name: null }],
      ['PATCH', '/api/equipment/0x10', { name: 'A' }],
      ['PUT', `/api/equipment/${item.id}/status`, { status: ['available'] }],
      ['PUT', `/api/equipment/${item.id}/status`, null],
      ['DELETE', '/api/equipment/1e3', undefined],
      ['POST', '/api/equipment-requests', { equipmentId: String(item.id), purpose: 'x' }],
      ['POST', '/api/equipment-requests', { equipmentId: item.id, purpose: 'x'.repeat(5000) }],
      ['POST', '/api/equipment-requests', { equipmentId: item.id, purpose: 'x', expectedReturnDate: 'tomorrow' }],
      ['POST', '/api/equipment-requests', { equipmentId: -1, purpose: 'x' }],
      ['POST', '/api/equipment-requests', { equipmentId: 1.5, purpose: 'x' }],
      ['PUT', `/api/equipment-requests/${req.id}`, { status: 'lost' }],
      ['PUT', `/api/equipment-requests/${req.id}`, { status: 'pending' }],
      ['PUT', '/api/equipment-requests/abc/approve', {}],
      ['PUT', '/api/equipment-requests/%201/approve', {}],
      ['POST', `/api/equipment-requests/${req.id}/extend`, { newReturnDate: 12345 }],
      ['POST', '/api/equipment-extension/approve', { requestId: 'x', approved: true }],
      ['POST', '/api/equipment-extension/approve', { requestId: req.id, approved: 'yes' }],
      [
        'POST',
        '/api/equipment-extension/approve',
        { requestId: req.id, approved: false, rejectionReason: 'r'.repeat(5000) },
      ],
      ['GET', '/api/mobile/user-permissions/abc', undefined],
      ['GET', '/api/mobile/user-permissions/-1', undefined],
      ['POST', '/api/mobile/equipment-requests', { equipmentId: item.id, purpose: '', requestedBy: 1 }],
    ];
    for (const [method, path, body] of cases) {
      const res = await s.owner.request<ErrorBody>(method, path, body);
      expect([method, path, res.status >= 400 && res.status < 500]).toEqual([method, path, true]);
      expect(typeof res.body?.message).toBe('string');
    }
    expect((await s.owner.get('/api/equipment')).status).toBe(200);
  });
});
