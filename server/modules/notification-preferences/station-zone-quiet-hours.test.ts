import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentRequest } from '../../../shared/contracts/equipment';
import { requestNumber } from '../../../shared/request-number';
import { createEquipment } from '../../test/equipment-factory';
import type { FakeTelegram } from '../../test/fake-telegram';
import { createBotStation, GROUP, startBotServer, stopBotServer } from '../../test/telegram-station';
import type { TestServer } from '../../test/test-server';

/**
 * Issue 22 point 20, as the station lived it: quiet hours 22:00–06:00 ran in UTC, i.e. 03:00–11:00
 * in the Maldives. With the station's zone set, a user who never picked a zone is quiet from 22:00
 * Maldives time (17:00 UTC) — through the real Telegram sender, against the fake Bot API.
 */
let fake: FakeTelegram;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startBotServer());
});
afterAll(() => stopBotServer({ fake, server }));

const HOUR = 3_600_000;

/** Moves the server's clock forward to the next time of day `hh:mm` UTC. */
function advanceToUtc(hh: number, mm: number): void {
  const now = server.clock.now();
  const target = new Date(now);
  target.setUTCHours(hh, mm, 0, 0);
  if (target <= now) target.setTime(target.getTime() + 24 * HOUR);
  server.clock.advance(target.getTime() - now.getTime());
}

describe('quiet hours in the station’s zone (Indian/Maldives)', () => {
  it('holds an approval message at 22:30 Maldives time (17:30 UTC) and sends it after 06:00 Maldives time', async () => {
    const s = await createBotStation(server, fake);
    expect((await s.owner.put('/api/settings', { timeZone: 'Indian/Maldives' })).status).toBe(200);
    // The admin turns quiet hours on and never touches the zone: the station's applies.
    expect(
      (await s.admin.put(`/api/notification-preferences/${s.admin.user.id}`, { quietHours: { enabled: true } })).status,
    ).toBe(200);
    advanceToUtc(17, 30);

    const item = await createEquipment(s.owner, { name: 'Night lens', code: `NL-${s.companyId}`, quantity: 1 });
    const res = await s.cameraman.post<EquipmentRequest>('/api/equipment-requests', {
      equipmentId: item.id,
      purpose: 'Evening bulletin',
    });
    expect(res.status).toBe(201);
    // The group hears at once; the admin's personal message waits for the morning.
    await fake.waitForSent((m) => m.chatId === GROUP && m.text.includes(requestNumber(res.body.id)));
    const toAdmin = () =>
      fake.sent.filter((m) => m.chatId === String(s.tg.admin.id) && m.text.includes(requestNumber(res.body.id)));
    await expect.poll(() => server.services.telegramOutbox.heldCount(s.companyId)).toBe(1);
    expect(toAdmin()).toHaveLength(0);

    advanceToUtc(0, 59); // 05:59 in the Maldives: still quiet
    await server.scheduler.runNow('telegram-held');
    expect(toAdmin()).toHaveLength(0);
    advanceToUtc(1, 1); // 06:01 in the Maldives
    await server.scheduler.runNow('telegram-held');
    await expect.poll(() => toAdmin().length).toBe(1);
    expect(server.services.telegramOutbox.heldCount(s.companyId)).toBe(0);
  });
});
