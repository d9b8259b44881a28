import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentReminderResult } from '../../../shared/contracts/equipment-alerts';
import { alertsOf, insertItem, insertLoan } from '../../test/equipment-alert-fixtures';
import type { FakeTelegram } from '../../test/fake-telegram';
import { GROUP, createBotStation, startBotServer, stopBotServer } from '../../test/telegram-station';
import type { TestServer } from '../../test/test-server';

/** Equipment alerts through the bot: the NotificationChannel the alert jobs and the Remind button use. */
let fake: FakeTelegram;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startBotServer());
});
afterAll(() => stopBotServer({ fake, server }));

async function station() {
  const s = await createBotStation(server, fake);
  const item = await insertItem(server, s.companyId, { name: 'LiveU Solo' });
  const loan = (requestedBy: number, dueInMinutes = 120) =>
    insertLoan(server, { companyId: s.companyId, equipmentId: item.id, requestedBy, status: 'out', dueInMinutes });
  return { ...s, loan };
}
const remind = (s: Awaited<ReturnType<typeof station>>, requestId: number) =>
  s.owner.post<EquipmentReminderResult>('/api/telegram/send-equipment-reminder', { requestId });

describe('equipment alerts via Telegram', () => {
  it('the Remind button reaches the borrower’s linked chat', async () => {
    const s = await station();
    const id = await s.loan(s.cameraman.user.id);
    const res = await remind(s, id);
    expect(res.body).toEqual({ success: true, delivered: true, message: 'Reminder sent' });
    const [sent] = await fake.waitForSent((m) => m.chatId === String(s.tg.cameraman.id));
    expect(sent?.text).toMatch(/^Reminder to return LiveU Solo/);
    expect((await alertsOf(server, s.companyId)).at(-1)).toMatchObject({ kind: 'manual', delivery: 'delivered' });
  });

  it('a borrower without Telegram: recorded, and said plainly that it was not delivered', async () => {
    const s = await station();
    await s.owner.put(`/api/users/${s.cameraman.user.id}`, { telegramId: '' });
    const res = await remind(s, await s.loan(s.cameraman.user.id));
    expect(res.body).toEqual({
      success: false,
      delivered: false,
      message: 'Reminder recorded; not delivered: Test cameraman has not linked Telegram',
    });
  });

  it('overdue alerts follow the borrower’s preferences and the station’s switch', async () => {
    const s = await station();
    await s.loan(s.cameraman.user.id, -90);
    const editorLoan = await s.loan(s.editor.user.id, -90);
    await s.editor.put(`/api/notification-preferences/${s.editor.user.id}`, { equipmentOverdue: { enabled: false } });
    await server.scheduler.runNow('equipment-overdue');
    await fake.waitForSent((m) => m.chatId === String(s.tg.cameraman.id) && /overdue/i.test(m.text));
    expect(fake.sent.filter((m) => m.chatId === String(s.tg.editor.id))).toHaveLength(0);
    expect((await alertsOf(server, s.companyId)).find((a) => a.requestId === editorLoan)).toMatchObject({
      delivery: 'not_delivered',
      reason: 'Turned off in the user’s notification preferences',
    });

    await s.owner.put('/api/company/telegram-settings', { enableOverdueAlerts: false });
    server.clock.advance(5 * 3_600_000);
    const before = fake.sent.length;
    await server.scheduler.runNow('equipment-overdue');
    // This station's bot only: the other tests' loans are overdue by now too.
    const ours = fake.sent.slice(before).filter((m) => m.token === s.token);
    expect(ours.filter((m) => /overdue/i.test(m.text))).toHaveLength(0);
    expect(ours.filter((m) => m.chatId === GROUP)).toHaveLength(0);
  });
});
