import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentRequest } from '../../../shared/contracts/equipment';
import { requestNumber } from '../../../shared/request-number';
import { createEquipment } from '../../test/equipment-factory';
import { createBotStation, startBotServer, stopBotServer } from '../../test/telegram-station';
import type { FakeTelegram } from '../../test/fake-telegram';
import type { TestServer } from '../../test/test-server';

/**
 * Issue 39 points 9–11 through the bot: the real server, node-telegram-bot-api and the fake Bot
 * API (server/test/fake-telegram.ts), as telegram-bot.test.ts does.
 */
let fake: FakeTelegram;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startBotServer());
});
afterAll(() => stopBotServer({ fake, server }));

const to = (chatId: number) => (m: { chatId: string }) => m.chatId === String(chatId);

/** A station whose technical user is linked too (createBotStation links admin, MCR, cameraman, editor). */
async function station() {
  const s = await createBotStation(server, fake);
  const technical = { id: 900_000 + s.technical.user.id };
  expect((await s.owner.put(`/api/users/${s.technical.user.id}`, { telegramId: String(technical.id) })).status).toBe(
    200,
  );
  return { ...s, tg: { ...s.tg, technical } };
}

/** The bot's answers to a person (not the notifications a chat also gets: 📦 new request, 🚫 rejected). */
const replyTo = (chatId: number) => (m: { chatId: string; text: string }) =>
  to(chatId)(m) && !m.text.startsWith('📦') && !m.text.startsWith('🚫');

/** Sends a command and waits for the bot's next answer to that person. */
async function say(token: string, who: { id: number }, text: string): Promise<string> {
  const before = fake.sent.filter(replyTo(who.id)).length;
  fake.userSays(token, who, text);
  const all = await fake.waitForSent(replyTo(who.id), before + 1);
  return all[before]?.text ?? '';
}

describe('issue 39 point 11: the people who borrow most may use /request and /return', () => {
  it('a cameraman requests via /request and a technical user returns via /return', async () => {
    const s = await station();
    await createEquipment(s.owner, { name: 'Sony FX6', code: 'CAM-39' });
    const asked = await say(s.token, s.tg.cameraman, '/request CAM-39 Harbour interview');
    expect(asked).toMatch(/^✅ Request REQ-\d+ for Sony FX6 sent\./);
    const id = Number(/REQ-(\d+)/.exec(asked)?.[1]);
    const mine = (await s.cameraman.get<EquipmentRequest[]>('/api/equipment-requests')).body.find((r) => r.id === id);
    expect(mine).toMatchObject({ requestedBy: s.cameraman.user.id, source: 'telegram', status: 'pending' });

    await s.admin.put(`/api/equipment-requests/${id}/approve`);
    await s.cameraman.put(`/api/equipment-requests/${id}/checkout`);
    const back = await say(s.token, s.tg.technical, `/return ${requestNumber(id)}`);
    expect(back).toBe(
      `✅ Return of ${requestNumber(id)} requested. An admin approves it before the item is available again.`,
    );
  });
});

describe('issue 39 point 10 in the bot', () => {
  it('/request of an item in maintenance is refused with the reason; a blank date is named in the reply', async () => {
    const s = await station();
    await createEquipment(s.owner, { name: 'Drone', code: 'DRN-1', status: 'maintenance' });
    await createEquipment(s.owner, { name: 'Tripod', code: 'TRI-1' });
    expect(await say(s.token, s.tg.cameraman, '/request DRN-1 Aerials')).toBe(
      '❌ Drone is in maintenance and cannot be requested',
    );
    const ok = await say(s.token, s.tg.cameraman, '/request TRI-1 Aerials');
    expect(ok).toMatch(
      /^✅ Request REQ-\d+ for Tripod sent\. No return date given: due back \d{4}-\d\d-\d\d \d\d:\d\d UTC \(24 h after the request\)\. An admin will approve it\.$/,
    );
  });

  it('/approvals reject <id> <reason> stores the reason; the borrower is told in a message and in /myrequests', async () => {
    const s = await station();
    await createEquipment(s.owner, { name: 'Gimbal', code: 'GIM-1' });
    const id = Number(/REQ-(\d+)/.exec(await say(s.token, s.tg.cameraman, '/request GIM-1 Sports'))?.[1]);
    expect(
      await say(s.token, s.tg.admin, `/approvals reject ${requestNumber(id)} Booked for the election night`),
    ).toContain('rejected');
    const told = await fake.waitForSent((m) => to(s.tg.cameraman.id)(m) && m.text.startsWith('🚫'));
    expect(told.map((m) => m.text)).toEqual([
      `🚫 Your request ${requestNumber(id)} for Gimbal was rejected.\nReason: Booked for the election night`,
    ]);
    const mine = await say(s.token, s.tg.cameraman, '/myrequests');
    expect(mine).toContain(`${requestNumber(id)} Gimbal — rejected: Booked for the election night`);
  });
});

describe('issue 39 point 9: /extend from the bot', () => {
  it('the borrower asks for a new date with a reason; /approvals shows both dates and the reason; the approver decides', async () => {
    const s = await station();
    const item = await createEquipment(s.owner, { name: 'Sony FX6', code: 'FX6-9' });
    const due = new Date(server.clock.now().getTime() + 86_400_000);
    due.setUTCHours(12, 0, 0, 0);
    const made = await s.cameraman.post<EquipmentRequest>('/api/equipment-requests', {
      equipmentId: item.id,
      purpose: 'Court',
      expectedReturnDate: due.toISOString(),
    });
    const id = made.body.id;
    await s.admin.put(`/api/equipment-requests/${id}/approve`);
    await s.cameraman.put(`/api/equipment-requests/${id}/checkout`);

    expect(await say(s.token, s.tg.cameraman, `/extend ${requestNumber(id)}`)).toBe(
      '❌ Usage: /extend <request id> <YYYY-MM-DD> [HH:MM] <reason> (UTC; see /myrequests)',
    );
    const later = new Date(due.getTime() + 2 * 86_400_000);
    const day = later.toISOString().slice(0, 10);
    const reply = await say(s.token, s.tg.cameraman, `/extend ${requestNumber(id)} ${day} 18:30 Court case adjourned`);
    expect(reply).toBe(`✅ Extension of ${requestNumber(id)} to ${day} 18:30 UTC requested. An admin decides.`);

    const list = await say(s.token, s.tg.admin, '/approvals');
    expect(list).toContain(`Extensions to decide (1):`);
    expect(list).toContain(
      `${requestNumber(id)} Sony FX6 — due ${due.toISOString().slice(0, 16).replace('T', ' ')} UTC → ${day} 18:30 UTC: Court case adjourned (Test cameraman)`,
    );
    expect(await say(s.token, s.tg.admin, `/approvals extend ${requestNumber(id)}`)).toContain('✅');
    const web = (await s.owner.get<EquipmentRequest[]>('/api/equipment-requests')).body.find((r) => r.id === id);
    expect(web).toMatchObject({ status: 'out', expectedReturnDate: `${day}T18:30:00.000Z` });
  });
});
