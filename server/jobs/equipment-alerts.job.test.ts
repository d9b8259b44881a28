import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../shared/contracts/activity-logs';
import type { ServerEvents } from '../../shared/contracts/live';
import { presentEquipment } from '../modules/equipment/equipment.presenter';
import {
  alertsOf,
  insertItem,
  insertLoan,
  recordEvents,
  setLoanStatus,
  setStock,
} from '../test/equipment-alert-fixtures';
import { createStation, createUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MIN = 60_000;

/** A station with a borrower and one camera. */
async function station() {
  const s = await createStation(server);
  const cameraman = await createUser(s.owner, server, 'cameraman', { fullName: 'Aisha Rasheed' });
  const item = await insertItem(server, s.companyId, { name: 'Sony PXW-Z280' });
  const loan = (status: string, dueInMinutes: number) =>
    insertLoan(server, {
      companyId: s.companyId,
      equipmentId: item.id,
      requestedBy: cameraman.user.id,
      status,
      dueInMinutes,
    });
  return { ...s, cameraman, item, loan };
}

describe('equipment-overdue job', () => {
  it('alerts once at the due time, again after the reminder interval (default 240 min), not for returned loans', async () => {
    const s = await station();
    const id = await s.loan('out', -1);
    await s.loan('returned', -30);
    await s.loan('out', 600); // not due yet, even after the interval below
    const { events, stop } = recordEvents(server, s.companyId, ['equipment_overdue']);
    await server.scheduler.runNow('equipment-overdue');
    await server.scheduler.runNow('equipment-overdue');
    expect(events).toHaveLength(1);
    const data = events[0]!.data as ServerEvents['equipment_overdue'];
    expect(data).toMatchObject({ equipmentName: 'Sony PXW-Z280', userName: 'Aisha Rasheed', overdueMinutes: 1 });
    expect(data.request).toMatchObject({
      id,
      status: 'out',
      equipmentName: 'Sony PXW-Z280',
      requestedByName: 'Aisha Rasheed',
      extension: null,
    });

    server.clock.advance(239 * MIN);
    await server.scheduler.runNow('equipment-overdue');
    expect(events).toHaveLength(1);
    server.clock.advance(MIN);
    await server.scheduler.runNow('equipment-overdue');
    stop();
    expect(events).toHaveLength(2);
    expect((events[1]!.data as ServerEvents['equipment_overdue']).overdueMinutes).toBe(241);
    expect((await alertsOf(server, s.companyId)).map((a) => [a.kind, a.requestId, a.delivery])).toEqual([
      ['overdue', id, 'not_delivered'],
      ['overdue', id, 'not_delivered'],
    ]);
  });

  it("follows the company's reminderInterval and enableOverdueAlerts settings", async () => {
    const s = await station();
    expect((await s.owner.put('/api/company/telegram-settings', { reminderInterval: 30 })).status).toBe(200);
    await s.loan('approved', -5);
    const { events, stop } = recordEvents(server, s.companyId, ['equipment_overdue']);
    await server.scheduler.runNow('equipment-overdue');
    server.clock.advance(30 * MIN);
    await server.scheduler.runNow('equipment-overdue');
    expect(events).toHaveLength(2);
    await s.owner.put('/api/company/telegram-settings', { enableOverdueAlerts: false });
    server.clock.advance(60 * MIN);
    await server.scheduler.runNow('equipment-overdue');
    stop();
    expect(events).toHaveLength(2);
  });

  it('logs each overdue alert in the activity log as not delivered', async () => {
    const s = await station();
    await s.loan('extension_pending', -10);
    await server.scheduler.runNow('equipment-overdue');
    const log = await s.owner.get<ActivityLog[]>('/api/activity-logs');
    const entries = log.body.filter((e) => e.action === 'equipment_overdue');
    expect(entries.map((e) => e.details)).toEqual([
      `Overdue: Sony PXW-Z280 (${s.item.code}) with Aisha Rasheed, 10 min past due — not delivered: Telegram delivery is not set up yet`,
    ]);
  });
});

describe('equipment-reminders job', () => {
  it('reminds once 60 min before due and once 30 min after, and not for a loan returned meanwhile', async () => {
    const s = await station();
    const id = await s.loan('out', 90);
    const returned = await s.loan('out', 90);
    const kinds = async () => (await alertsOf(server, s.companyId)).map((a) => [a.kind, a.requestId]);
    await server.scheduler.runNow('equipment-reminders');
    expect(await kinds()).toEqual([]);

    server.clock.advance(31 * MIN); // 59 min before due
    await server.scheduler.runNow('equipment-reminders');
    await server.scheduler.runNow('equipment-reminders');
    expect(await kinds()).toEqual([
      ['before_due', id],
      ['before_due', returned],
    ]);
    await setLoanStatus(server, s.companyId, returned, 'returned');

    server.clock.advance(60 * MIN); // 1 min after due
    await server.scheduler.runNow('equipment-reminders');
    expect(await kinds()).toHaveLength(2);
    server.clock.advance(29 * MIN); // 30 min after due
    await server.scheduler.runNow('equipment-reminders');
    server.clock.advance(60 * MIN);
    await server.scheduler.runNow('equipment-reminders');
    expect(await kinds()).toEqual([
      ['before_due', id],
      ['before_due', returned],
      ['after_due', id],
    ]);
    expect(
      (await alertsOf(server, s.companyId)).every(
        (a) => a.delivery === 'not_delivered' && a.reason === 'Telegram delivery is not set up yet',
      ),
    ).toBe(true);
  });

  it('does nothing while the company has equipment reminders switched off', async () => {
    const s = await station();
    await s.owner.put('/api/company/telegram-settings', { enableEquipmentReminders: false });
    await s.loan('out', 30);
    await server.scheduler.runNow('equipment-reminders');
    expect(await alertsOf(server, s.companyId)).toEqual([]);
  });
});

describe('low-stock alerts', () => {
  it('alert once when an update takes stock to the minimum, and again only after a restock above it', async () => {
    const s = await station();
    const item = await insertItem(server, s.companyId, {
      name: 'V-mount battery',
      quantity: 6,
      currentStock: 6,
      minStock: 2,
    });
    const { events, stop } = recordEvents(server, s.companyId, ['equipment_low_stock']);
    // What the catalogue service publishes after each check-out or return.
    const publishStock = async (n: number) =>
      server.services.equipmentAlerts.ctx.bus.publish(
        s.companyId,
        'equipment_updated',
        presentEquipment(await setStock(server, s.companyId, item.id, n)),
      );
    await publishStock(3);
    await publishStock(2);
    await publishStock(1);
    await server.scheduler.runNow('equipment-low-stock');
    expect(events.map((e) => (e.data as ServerEvents['equipment_low_stock']).currentStock)).toEqual([2]);
    await publishStock(3);
    await publishStock(2);
    await server.scheduler.runNow('equipment-low-stock');
    stop();
    expect(events.map((e) => (e.data as ServerEvents['equipment_low_stock']).currentStock)).toEqual([2, 2]);
  });

  it('the sweep catches a low item no event announced, once, and ignores items without a minimum', async () => {
    const s = await station();
    await insertItem(server, s.companyId, { name: 'XLR cable', quantity: 10, currentStock: 1, minStock: 3 });
    await insertItem(server, s.companyId, { name: 'Spare lens', quantity: 1, currentStock: 0, minStock: 0 });
    const { events, stop } = recordEvents(server, s.companyId, ['equipment_low_stock']);
    await server.scheduler.runNow('equipment-low-stock');
    await server.scheduler.runNow('equipment-low-stock');
    stop();
    expect(events.map((e) => (e.data as ServerEvents['equipment_low_stock']).name)).toEqual(['XLR cable']);
    const log = await s.owner.get<ActivityLog[]>('/api/activity-logs');
    expect(log.body.filter((e) => e.action === 'equipment_low_stock')).toHaveLength(1);
  });
});
