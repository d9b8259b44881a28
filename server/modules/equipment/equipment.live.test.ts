import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Equipment, EquipmentRequest } from '../../../shared/contracts/equipment';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';
import { createEquipment, equipmentStation, requestEquipment } from '../../test/equipment-factory';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('equipment live events', () => {
  it('reach a socket of the company only: created, requested, request updated, item stock, deleted', async () => {
    const s = await equipmentStation(server);
    const other = await equipmentStation(server);
    const mine = await TestSocket.authed(server.url, s.cameraman.token!, s.cameraman.user.id);
    const theirs = await TestSocket.authed(server.url, other.owner.token!, other.owner.user.id);
    const item = await createEquipment(s.owner, { quantity: 1 });
    expect(((await mine.waitFor('equipment_created')).data as Equipment).id).toBe(item.id);
    const req = await requestEquipment(s.cameraman, item.id);
    expect(((await mine.waitFor('equipment_requested')).data as EquipmentRequest).id).toBe(req.id);
    await s.owner.put(`/api/equipment-requests/${req.id}/approve`);
    await mine.until(() =>
      mine.messages.find(
        (m) => m.type === 'equipment_request_updated' && (m.data as EquipmentRequest).status === 'approved',
      ),
    );
    await s.cameraman.put(`/api/equipment-requests/${req.id}/checkout`);
    const updated = await mine.until(() =>
      mine.messages.find((m) => m.type === 'equipment_updated' && (m.data as Equipment).currentStock === 0),
    );
    expect(updated.data).toMatchObject({ id: item.id, status: 'checked_out' });
    await s.owner.put(`/api/equipment-requests/${req.id}/return`);
    await mine.until(() =>
      mine.messages.find((m) => m.type === 'equipment_updated' && (m.data as Equipment).currentStock === 1),
    );
    await s.owner.delete(`/api/equipment/${item.id}`);
    expect((await mine.waitFor('equipment_deleted')).data).toEqual({ id: item.id });
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.messages.filter((m) => m.type.startsWith('equipment_'))).toEqual([]);
    mine.close();
    theirs.close();
  });
});
