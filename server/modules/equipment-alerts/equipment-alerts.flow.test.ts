import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentRequest } from '../../../shared/contracts/equipment';
import type { ServerEvents } from '../../../shared/contracts/live';
import { alertsOf, recordEvents } from '../../test/equipment-alert-fixtures';
import { createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MIN = 60_000;

/** The alerts against the real loan flow of the requests module (no rows written by hand). */
describe('equipment alerts over the real loan flow', () => {
  it('a check-out to the minimum alerts low stock once; the overdue loan reaches the dashboard socket with the request as the API shows it', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { name: 'Panasonic AG-CX350', quantity: 2, minStock: 1 });
    const low = recordEvents(server, s.companyId, ['equipment_low_stock']);
    const expectedReturnDate = new Date(server.clock.now().getTime() + 30 * MIN).toISOString();
    const made = await requestEquipment(s.cameraman, item.id, { expectedReturnDate });
    expect((await s.owner.put(`/api/equipment-requests/${made.id}/approve`)).status).toBe(200);
    expect((await s.cameraman.put(`/api/equipment-requests/${made.id}/checkout`)).status).toBe(200);
    await server.scheduler.runNow('equipment-low-stock');
    low.stop();
    expect(low.events.map((e) => (e.data as ServerEvents['equipment_low_stock']).currentStock)).toEqual([1]);

    const socket = await TestSocket.authed(server.url, s.owner.token!);
    try {
      server.clock.advance(31 * MIN);
      await server.scheduler.runNow('equipment-overdue');
      const message = await socket.waitFor('equipment_overdue');
      const data = message.data as ServerEvents['equipment_overdue'];
      const listed = (await s.owner.get<EquipmentRequest[]>('/api/equipment-requests')).body.find(
        (r) => r.id === made.id,
      );
      expect(data).toEqual({
        request: listed,
        equipmentName: 'Panasonic AG-CX350',
        userName: 'Test cameraman',
        overdueMinutes: 1,
      });
    } finally {
      socket.close();
    }
  });

  it('a return above the minimum closes the low-stock alert, so the next check-out alerts again', async () => {
    const s = await equipmentStation(server);
    const item = await createEquipment(s.owner, { quantity: 2, minStock: 1 });
    const low = recordEvents(server, s.companyId, ['equipment_low_stock']);
    const loan = async () => {
      const made = await requestEquipment(s.cameraman, item.id);
      await s.owner.put(`/api/equipment-requests/${made.id}/approve`);
      expect((await s.cameraman.put(`/api/equipment-requests/${made.id}/checkout`)).status).toBe(200);
      return made.id;
    };
    const first = await loan();
    // The alert and its closing are writes of their own, committed just after the loan's answer.
    await expect.poll(async () => (await alertsOf(server, s.companyId)).map((a) => a.kind)).toEqual(['low_stock']);
    expect((await s.owner.put(`/api/equipment-requests/${first}/return`)).status).toBe(200);
    await expect.poll(() => alertsOf(server, s.companyId)).toEqual([]);
    await loan();
    // The check-out's alert is its own write, committed just after the check-out answers.
    await expect.poll(() => low.events.length).toBe(2);
    await alertsOf(server, s.companyId);
    low.stop();
    expect(low.events).toHaveLength(2);
  });
});
