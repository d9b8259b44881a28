import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../../shared/contracts/notifications';
import { startTestServer, type TestServer } from '../../test/test-server';
import { createUser } from '../../test/factories';
import { approvedRequest, createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';
import { createNews } from '../../test/news-factory';
import type { ApiClient } from '../../test/api-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MIN = 60_000;
const bell = async (client: ApiClient) => {
  const res = await client.get<NotificationsResponse>('/api/notifications');
  expect(res.status).toBe(200);
  return res.body;
};
const summary = (b: NotificationsResponse) => b.items.map((n) => [n.type, n.title, n.message, n.priority]);

describe('GET /api/notifications', () => {
  it('needs a session', async () => {
    const s = await equipmentStation(server);
    s.owner.token = null;
    expect((await s.owner.get('/api/notifications')).status).toBe(401);
  });

  it('lists breaking and urgent news of the last 2 h, never normal news, and ages them out', async () => {
    const s = await equipmentStation(server);
    await createNews(s.editor, { title: 'Quiet story', priority: 'normal' });
    const breaking = await createNews(s.editor, { title: 'Storm hits coast', priority: 'breaking' });
    server.clock.advance(1);
    await createNews(s.editor, { title: 'Bridge closed', priority: 'urgent' });
    const now = await bell(s.cameraman);
    expect(now.total).toBe(2);
    expect(summary(now)).toEqual([
      ['breaking_news', 'Breaking News', 'Bridge closed', 'urgent'],
      ['breaking_news', 'Breaking News', 'Storm hits coast', 'high'],
    ]);
    expect(now.items[1]).toMatchObject({ id: `news-${breaking.id}`, time: breaking.createdAt });
    server.clock.advance(2 * 60 * MIN);
    expect(await bell(s.cameraman)).toEqual({ total: 0, items: [] });
  });

  it('another company’s breaking news never appears', async () => {
    const a = await equipmentStation(server);
    const b = await equipmentStation(server);
    await createNews(a.editor, { title: 'Only for A', priority: 'urgent' });
    expect((await bell(a.editor)).items.map((n) => n.message)).toEqual(['Only for A']);
    expect(await bell(b.editor)).toEqual({ total: 0, items: [] });
    expect(await bell(b.owner)).toEqual({ total: 0, items: [] });
  });

  it('approvals go to admin and owner only, with the pending counts', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { name: 'Sony FX6', quantity: 5 });
    await requestEquipment(s.cameraman, item.id);
    await requestEquipment(s.editor, item.id);
    const loan = await approvedRequest(s.cameraman, s.owner, item.id);
    expect((await s.cameraman.put(`/api/equipment-requests/${loan.id}/return`)).status).toBe(200);
    const expected = [
      ['equipment_approval', 'Equipment Approvals', '2 pending equipment requests', 'normal'],
      ['equipment_return', 'Return Approvals', '1 pending return requests', 'normal'],
    ];
    expect(summary(await bell(s.admin))).toEqual(expected);
    expect(summary(await bell(s.owner))).toEqual(expected);
    const mcr = await createUser(s.owner, server, 'mcr');
    for (const viewer of [s.editor, s.cameraman, s.technical, mcr])
      expect(await bell(viewer)).toEqual({ total: 0, items: [] });
  });

  it('a loan past its return date is overdue for everyone of the company; a returned one is not', async () => {
    const s = await equipmentStation(server);
    const other = await equipmentStation(server);
    const item = await createEquipment(s.owner, { name: 'Tripod T1', quantity: 3 });
    const due = new Date(server.clock.now().getTime() + MIN).toISOString();
    const made = await requestEquipment(s.cameraman, item.id, { expectedReturnDate: due });
    expect((await s.owner.put(`/api/equipment-requests/${made.id}/approve`)).status).toBe(200);
    expect((await s.cameraman.put(`/api/equipment-requests/${made.id}/checkout`)).status).toBe(200);
    expect((await bell(s.editor)).total).toBe(0); // not yet due
    server.clock.advance(2 * MIN);
    const overdue = await bell(s.editor);
    expect(overdue.items).toEqual([
      {
        id: `overdue-${made.id}`,
        type: 'equipment_overdue',
        title: 'Equipment Overdue',
        message: 'Tripod T1 is overdue for return',
        time: due,
        priority: 'high',
      },
    ]);
    expect(await bell(other.editor)).toEqual({ total: 0, items: [] });
    expect((await s.owner.put(`/api/equipment-requests/${made.id}/return`)).status).toBe(200);
    expect(await bell(s.editor)).toEqual({ total: 0, items: [] });
  });

  it('total counts everything while items stop at 100', async () => {
    const s = await equipmentStation(server);
    for (let i = 0; i < 102; i += 1) await createNews(s.editor, { title: `Flash ${i}`, priority: 'breaking' });
    const b = await bell(s.cameraman);
    expect(b.total).toBe(102);
    expect(b.items).toHaveLength(100);
  });
});
