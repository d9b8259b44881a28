import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentRequest } from '../../../shared/contracts/equipment';
import { createEquipment, equipmentStation } from '../../test/equipment-factory';
import { createUser, login } from '../../test/factories';
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';
import {
  GROUP,
  TOPICS,
  createBotStation,
  nextToken,
  status,
  waitConnected,
  startBotServer,
  stopBotServer,
} from '../../test/telegram-station';
import { TestSocket } from '../../test/ws-client';
import { requestNumber } from '../../../shared/request-number';

/**
 * The bot end to end: the real server, the real node-telegram-bot-api client, and a fake Bot API
 * over HTTP (server/test/fake-telegram.ts). Nothing of ours is mocked.
 */
let fake: FakeTelegram;
let server: TestServer;
beforeAll(async () => {
  ({ fake, server } = await startBotServer());
});
afterAll(() => stopBotServer({ fake, server }));

const botStation = () => createBotStation(server, fake);

const repliesTo = (chatId: number) => (m: { chatId: string }) => m.chatId === String(chatId);

describe('Telegram bot against the fake Bot API', () => {
  it('without a token the server runs and the bot is disconnected', async () => {
    const s = await equipmentStation(server);
    expect(await status(s.cameraman)).toEqual({ connected: false, botInfo: null });
    const res = await s.owner.post<{ success: boolean; error: string }>('/api/telegram/test-message', {
      chatId: '42',
      message: 'hi',
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      error: 'The Telegram bot is not connected (set the bot token in Settings)',
    });
    // The wizard's personal test names the missing bot first, before the missing link.
    const mine = await s.cameraman.post<{ success: boolean; error: string }>('/api/telegram/test-notification', {});
    expect(mine.status).toBe(503);
    expect(mine.body.error).toBe('The Telegram bot is not connected (set the bot token in Settings)');
  });

  it('a token Telegram refuses leaves the station disconnected with the reason', async () => {
    const s = await equipmentStation(server);
    await s.owner.put('/api/settings', { telegramBotToken: '999:NOT-A-BOT' });
    let st = await status(s.owner);
    for (let i = 0; i < 50 && !st.error; i++)
      st = await new Promise((r) => setTimeout(r, 30)).then(() => status(s.owner));
    expect(st.connected).toBe(false);
    expect(st.error).toContain('Unauthorized');
  });

  it('an unlinked user gets their id and how to link it', async () => {
    const s = await botStation();
    fake.userSays(s.token, { id: 5550001 }, '/start');
    const [reply] = await fake.waitForSent(repliesTo(5550001));
    expect(reply?.text).toContain('Your Telegram ID is 5550001.');
    expect(reply?.text).toContain('enter this number as the Telegram ID');
    // Any other command: the same answer, nothing done.
    fake.userSays(s.token, { id: 5550001 }, '/myrequests');
    await fake.waitForSent(repliesTo(5550001), 2);
  });

  it('MCR requests via /request, the group hears it, an admin approves via /approvals, the web sees it live', async () => {
    const s = await botStation();
    const camera = await createEquipment(s.owner, { name: 'Sony FX6', code: 'CAM-7', quantity: 2 });
    const socket = await TestSocket.authed(server.url, s.owner.token ?? '');
    try {
      fake.userSays(s.token, s.tg.mcr, '/request cam-7 Harbour interview');
      const [reply] = await fake.waitForSent((m) => repliesTo(s.tg.mcr.id)(m) && m.text.startsWith('✅'));
      const id = Number(/REQ-(\d+)/.exec(reply?.text ?? '')?.[1]);
      const created = await socket.until(() =>
        socket.messages.find((m) => m.type === 'equipment_requested' && (m.data as EquipmentRequest).id === id),
      );
      expect(created.data).toMatchObject({
        equipmentId: camera.id,
        source: 'telegram',
        status: 'pending',
        purpose: 'Harbour interview',
      });
      // The equipment topic of the group is told once.
      const posts = await fake.waitForSent(
        (m) => m.chatId === GROUP && m.threadId === '11' && m.text.includes(requestNumber(id)),
      );
      expect(posts).toHaveLength(1);

      fake.userSays(s.token, s.tg.admin, '/approvals');
      const [list] = await fake.waitForSent(
        (m) => repliesTo(s.tg.admin.id)(m) && m.text.startsWith('Pending requests'),
      );
      expect(list?.text).toContain(`${requestNumber(id)} Sony FX6`);
      // The number as every screen shows it (REQ-0005) is what a person types back.
      fake.userSays(s.token, s.tg.admin, `/approvals approve ${requestNumber(id)}`);
      await fake.waitForSent((m) => repliesTo(s.tg.admin.id)(m) && m.text.startsWith('✅'));
      await socket.until(() =>
        socket.messages.find(
          (m) => m.type === 'equipment_request_updated' && (m.data as EquipmentRequest).status === 'approved',
        ),
      );
      const web = await s.owner.get<EquipmentRequest[]>('/api/equipment-requests');
      expect(web.body.find((r) => r.id === id)?.status).toBe('approved');
      // The requester sees it in /myrequests.
      fake.userSays(s.token, s.tg.mcr, '/myrequests');
      const [mine] = await fake.waitForSent(
        (m) => repliesTo(s.tg.mcr.id)(m) && m.text.startsWith('Your recent requests'),
      );
      expect(mine?.text).toContain(`${requestNumber(id)} Sony FX6 — approved`);
    } finally {
      socket.socket.close();
    }
  });

  it('a cameraman’s /addnews is refused and nothing is filed; an editor’s is filed', async () => {
    const s = await botStation();
    fake.userSays(s.token, s.tg.cameraman, '/addnews Ferry aground | Passengers safe');
    const [refused] = await fake.waitForSent(repliesTo(s.tg.cameraman.id));
    expect(refused?.text).toBe('⛔ /addnews is for Editor, Admin, Owner. Your role is cameraman.');
    expect((await s.owner.get<unknown[]>('/api/news')).body).toHaveLength(0);

    fake.userSays(s.token, s.tg.editor, '/addnews Ferry aground | Passengers safe | normal');
    const [filed] = await fake.waitForSent((m) => repliesTo(s.tg.editor.id)(m) && m.text.startsWith('✅'));
    expect(filed?.text).toMatch(/News #\d+ "Ferry aground" filed as draft \(normal\)/);
    // Same validation as the web: no content → the web's message.
    fake.userSays(s.token, s.tg.editor, '/addnews Only a title');
    const [bad] = await fake.waitForSent((m) => repliesTo(s.tg.editor.id)(m) && m.text.startsWith('❌'));
    expect(bad?.text).toBe('❌ content: Content is required');
  });

  it('/changepassword deletes the message, never echoes a password, and the new one signs in', async () => {
    const s = await botStation();
    const messageId = fake.userSays(s.token, s.tg.editor, `/changepassword ${s.editor.password} Brand-new-pass-9`);
    const [reply] = await fake.waitForSent(repliesTo(s.tg.editor.id));
    expect(fake.deleted).toContainEqual({ chatId: String(s.tg.editor.id), messageId });
    expect(reply?.text).toBe('Your password was changed. Sign in again on the web and on your phone.');
    for (const m of fake.sent) expect(m.text).not.toContain('Brand-new-pass-9');
    const relogin = await login(server, s.editor.user.username, 'Brand-new-pass-9');
    expect(relogin.token).toBeTruthy();
    fake.userSays(s.token, s.tg.editor, '/changepassword wrong-one Another-pass-1');
    const [wrong] = await fake.waitForSent((m) => repliesTo(s.tg.editor.id)(m) && m.text.startsWith('❌'));
    expect(wrong?.text).toBe('❌ Current password is incorrect');
  });

  it('/changepassword: 20 parallel wrong guesses check 5, then even the right password waits a minute', async () => {
    const s = await botStation();
    const mine = (m: { chatId: string; text: string }) => repliesTo(s.tg.editor.id)(m) && m.text.startsWith('❌');
    for (let i = 0; i < 20; i++)
      fake.userSays(s.token, s.tg.editor, `/changepassword wrong-guess-${i} Brand-new-pass-9`);
    const replies = await fake.waitForSent(mine, 20);
    expect(replies.filter((m) => m.text === '❌ Current password is incorrect')).toHaveLength(5);
    expect(
      replies.filter((m) => /^❌ Too many wrong passwords\. Try again in \d+ seconds\.$/.test(m.text)),
    ).toHaveLength(15);
    fake.userSays(s.token, s.tg.editor, `/changepassword ${s.editor.password} Brand-new-pass-9`);
    const [refused] = await fake.waitForSent(mine, 21).then((all) => all.slice(20));
    expect(refused?.text).toMatch(/^❌ Too many wrong passwords\. Try again in \d+ seconds\.$/);
    expect((await login(server, s.editor.user.username, s.editor.password)).token).toBeTruthy();
    server.clock.advance(61_000);
    fake.userSays(s.token, s.tg.editor, `/changepassword ${s.editor.password} Brand-new-pass-9`);
    await fake.waitForSent(
      (m) =>
        repliesTo(s.tg.editor.id)(m) &&
        m.text === 'Your password was changed. Sign in again on the web and on your phone.',
    );
  });

  it('a breaking article posts once to the breaking topic, even when an update raises it again', async () => {
    const s = await botStation();
    const news = await createNews(s.editor, { title: 'Bridge collapse on the coast road', priority: 'breaking' });
    await s.editor.put(`/api/news/${news.id}`, { title: 'Bridge collapse on the coast road', priority: 'urgent' });
    await fake.waitForSent((m) => m.chatId === GROUP && m.threadId === '22' && m.text.includes('Bridge collapse'));
    await new Promise((r) => setTimeout(r, 200));
    expect(fake.sent.filter((m) => m.chatId === GROUP && m.text.includes('Bridge collapse'))).toHaveLength(1);
  });

  it('quiet hours hold a non-urgent message until the window ends; the group is told at once', async () => {
    const s = await botStation();
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const now = server.clock.now();
    const end = new Date(now.getTime() + 2 * 3_600_000);
    expect(
      (
        await s.admin.put(`/api/notification-preferences/${s.admin.user.id}`, {
          quietHours: {
            enabled: true,
            startTime: hhmm(new Date(now.getTime() - 3_600_000)),
            endTime: hhmm(end),
            timezone: 'UTC',
          },
        })
      ).status,
    ).toBe(200);
    const item = await createEquipment(s.owner, { name: 'Tripod', code: 'TRI-1', quantity: 1 });
    const res = await s.cameraman.post<EquipmentRequest>('/api/equipment-requests', {
      equipmentId: item.id,
      purpose: 'Night shoot',
    });
    await fake.waitForSent((m) => m.chatId === GROUP && m.text.includes(requestNumber(res.body.id)));
    await new Promise((r) => setTimeout(r, 200));
    const toAdmin = () =>
      fake.sent.filter((m) => repliesTo(s.tg.admin.id)(m) && m.text.includes(requestNumber(res.body.id)));
    expect(toAdmin()).toHaveLength(0);
    expect(server.services.telegramOutbox.heldCount(s.companyId)).toBe(1);
    await server.scheduler.runNow('telegram-held');
    expect(toAdmin()).toHaveLength(0);
    server.clock.advance(2 * 3_600_000 + 60_000);
    await server.scheduler.runNow('telegram-held');
    expect(toAdmin()).toHaveLength(1);
    expect(server.services.telegramOutbox.heldCount(s.companyId)).toBe(0);
  });

  it('a Telegram 500 is retried with backoff and the message arrives once', async () => {
    const s = await botStation();
    fake.failNextSends(2, '500');
    const res = await s.owner.post('/api/telegram/test-message', { chatId: '777', message: 'Retry me' });
    expect(res.status).toBe(200);
    expect(fake.sent.filter((m) => m.text === 'Retry me')).toHaveLength(1);
  });

  it('a delivery that still fails after the retries is in the activity log, and is not sent twice', async () => {
    const s = await equipmentStation(server);
    const token = nextToken('FAILING');
    fake.addBot(token, 'failing_bot');
    await s.owner.put('/api/company/telegram-settings', { primaryGroupId: GROUP, ...TOPICS });
    await s.owner.put('/api/settings', { telegramBotToken: token });
    await waitConnected(s.owner, 'failing_bot');
    fake.failNextSends(4, '500'); // the first send and its 3 retries
    const news = await createNews(s.editor, { title: 'Dam breach upstream', priority: 'breaking' });
    const logged = async () =>
      (await s.owner.get<{ action: string; details: string }[]>('/api/activity-logs')).body.find(
        (l) => l.action === 'telegram_delivery_failed',
      );
    let entry = await logged();
    for (let i = 0; i < 200 && !entry; i++) entry = await new Promise((r) => setTimeout(r, 50)).then(logged);
    expect(entry?.details).toContain(`Breaking news #${news.id} to chat ${GROUP} not delivered`);
    // The same event again (an update to urgent) is not a second message.
    await s.editor.put(`/api/news/${news.id}`, { priority: 'urgent' });
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.sent.filter((m) => m.text.includes('Dam breach'))).toHaveLength(0);
  });

  it('/addcgbar puts text on air now; a message that waited while the bot was offline is not replayed', async () => {
    const s = await botStation();
    fake.userSays(s.token, s.tg.editor, '/addcgbar headline Storm warning for the atolls');
    // A headline alone clears the previous story's subheadline (issue 38), and says so.
    await fake.waitForSent(
      (m) => repliesTo(s.tg.editor.id)(m) && m.text === '✅ headline is on air. The subheadline was cleared with it.',
    );
    const files = await s.owner.get<{ type: string; content: string }[]>('/api/cg-files');
    expect(files.body.find((f) => f.type === 'headline')?.content).toBe('Storm warning for the atolls');
    expect(files.body.find((f) => f.type === 'subheadline')?.content).toBe('');
    fake.userSays(s.token, s.tg.editor, '/addcgbar crawler Ferry times changed today');
    await fake.waitForSent((m) => repliesTo(s.tg.editor.id)(m) && m.text === '✅ Added to the news crawler.');
    expect((await s.owner.get<{ headlines: string[] }>('/api/news-crawler/content')).body.headlines).toContain(
      'Ferry times changed today',
    );
    fake.userSays(s.token, s.tg.editor, '/addcgbar hashtag #AtollWeather');
    await fake.waitForSent((m) => repliesTo(s.tg.editor.id)(m) && m.text === '✅ hashtag is on air.');
    fake.userSays(s.token, s.tg.editor, '/addcgbar headline Stale text', { ageSeconds: 600 });
    const [stale] = await fake.waitForSent(
      (m) => repliesTo(s.tg.editor.id)(m) && m.text.startsWith('❌ Not put on air'),
    );
    expect(stale?.text).toContain('s old');
    expect(
      (await s.owner.get<{ type: string; content: string }[]>('/api/cg-files')).body.find((f) => f.type === 'headline')
        ?.content,
    ).toBe('Storm warning for the atolls');
    // The as-run log says these came through the bot, by the linked user (issue 25).
    await server.asRunRecorder.flush();
    const asRun = (
      await s.owner.get<{ entries: { type: string; source: string; userName: string | null }[] }>('/api/as-run')
    ).body.entries;
    expect(asRun.map((e) => `${e.type} ${e.source}`)).toEqual([
      'hashtag_bar telegram',
      'news_crawler telegram',
      'subheadline telegram',
      'headline telegram',
    ]);
    expect(asRun.every((e) => e.userName !== null)).toBe(true);
  });

  it('/addcgbar in take mode waits in NEXT for the control room, and says so', async () => {
    const s = await botStation();
    const { version } = (await s.owner.get<{ version: number }>('/api/settings')).body;
    await s.owner.put('/api/settings', { takeMode: true, version });
    fake.userSays(s.token, s.tg.editor, '/addcgbar hashtag #StagedTag');
    await fake.waitForSent(
      (m) => repliesTo(s.tg.editor.id)(m) && m.text === '✅ hashtag is in NEXT: the control room takes it to air.',
    );
    fake.userSays(s.token, s.tg.editor, '/addcgbar crawler Staged ferry line');
    await fake.waitForSent(
      (m) =>
        repliesTo(s.tg.editor.id)(m) &&
        m.text === '✅ Added to the news crawler in NEXT: the control room takes it to air.',
    );
    const next = (await s.owner.get<{ changes: Array<{ type: string; content: string }> }>('/api/cg-files/next')).body;
    expect(next.changes).toEqual([
      { type: 'hashtag_bar', content: '#StagedTag' },
      { type: 'news_crawler', content: 'Staged ferry line' },
    ]);
    expect(
      (await s.owner.get<{ type: string; content: string }[]>('/api/cg-files')).body.find(
        (f) => f.type === 'hashtag_bar',
      )?.content,
    ).toBeFalsy();
  });

  it('/addcgbar headline never leaves the previous subheadline: "Title | Sub" replaces it, a title alone clears it (in NEXT too)', async () => {
    const s = await botStation();
    await s.owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Old story',
      subheadline: 'Old story line',
    });
    fake.userSays(s.token, s.tg.editor, '/addcgbar headline Ferries resume | First boat at 6 am');
    await fake.waitForSent((m) => repliesTo(s.tg.editor.id)(m) && m.text === '✅ headline and subheadline are on air.');
    const onAir = async (type: string) =>
      (await s.owner.get<{ type: string; content: string }[]>('/api/cg-files')).body.find((f) => f.type === type)
        ?.content;
    expect([await onAir('headline'), await onAir('subheadline')]).toEqual(['Ferries resume', 'First boat at 6 am']);
    const { version } = (await s.owner.get<{ version: number }>('/api/settings')).body;
    await s.owner.put('/api/settings', { takeMode: true, version });
    fake.userSays(s.token, s.tg.editor, '/addcgbar headline Storm passes');
    await fake.waitForSent(
      (m) =>
        repliesTo(s.tg.editor.id)(m) &&
        m.text === '✅ headline is in NEXT: the control room takes it to air. The subheadline was cleared with it.',
    );
    const next = (await s.owner.get<{ changes: Array<{ type: string; content: string }> }>('/api/cg-files/next')).body;
    expect(next.changes).toEqual([
      { type: 'headline', content: 'Storm passes' },
      { type: 'subheadline', content: '' },
    ]);
  });

  it('/addcgbar refuses every bar while an emergency is on air, with a message; after it ends, it airs again', async () => {
    const s = await botStation();
    await s.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Harbour reopens' });
    await s.owner.post('/api/cg-files/emergency', {
      content: 'FLOOD WARNING',
      headline: 'FLOOD WARNING',
      subheadline: '',
    });
    const onAir = async (type: string) =>
      (await s.owner.get<{ type: string; content: string }[]>('/api/cg-files')).body.find((f) => f.type === type)
        ?.content;
    fake.userSays(s.token, s.tg.editor, '/addcgbar hashtag #AtollWeather');
    const refusal = (m: { chatId: string; text: string }) => repliesTo(s.tg.editor.id)(m) && m.text.startsWith('❌');
    const [refused] = await fake.waitForSent(refusal);
    expect(refused?.text).toBe(
      '❌ Not put on air: an emergency is on air ("FLOOD WARNING"). Send from CG Control, where you can see it, or end the emergency first.',
    );
    fake.userSays(s.token, s.tg.editor, '/addcgbar crawler Ferry times changed today');
    const [, second] = await fake.waitForSent(refusal, 2);
    expect(second?.text).toBe(refused?.text);
    expect(await onAir('hashtag_bar')).toBeFalsy();
    expect((await s.owner.get<{ headlines: string[] }>('/api/news-crawler/content')).body.headlines).not.toContain(
      'Ferry times changed today',
    );
    await s.owner.post('/api/cg-files/emergency/end');
    fake.userSays(s.token, s.tg.editor, '/addcgbar hashtag #AtollWeather');
    await fake.waitForSent((m) => repliesTo(s.tg.editor.id)(m) && m.text === '✅ hashtag is on air.');
    expect(await onAir('hashtag_bar')).toBe('#AtollWeather');
  });

  it('test notification: {} goes to the caller’s own chat; a group needs both ids', async () => {
    const s = await botStation();
    const mine = await s.editor.post<{ success: boolean }>('/api/telegram/test-notification', {});
    expect(mine.body).toMatchObject({ success: true });
    await fake.waitForSent((m) => repliesTo(s.tg.editor.id)(m) && m.text.startsWith('🔔 Test notification'));
    const unlinked = await createUser(s.owner, server, 'editor');
    const notLinked = await unlinked.post<{ error: string }>('/api/telegram/test-notification', {});
    expect(notLinked.status).toBe(400);
    expect(notLinked.body.error).toContain('Your account is not linked to Telegram: send /start to the bot');
    const missing = await s.owner.post<{ success: boolean; error: string }>('/api/telegram/test-notification', {
      groupId: GROUP,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('topicId: Please configure Group ID and Topic ID first');
    const group = await s.owner.post('/api/telegram/test-notification', {
      groupId: GROUP,
      topicId: '33',
      message: 'Topic check',
    });
    expect(group.status).toBe(200);
    await fake.waitForSent((m) => m.chatId === GROUP && m.threadId === '33' && m.text === 'Topic check');
    expect((await s.editor.post('/api/telegram/test-notification', { groupId: GROUP, topicId: '33' })).status).toBe(
      403,
    );
    expect((await s.owner.get('/api/telegram/group-topics/' + GROUP)).body).toEqual([
      { id: '11', name: 'Equipment Requests' },
      { id: '22', name: 'Breaking News' },
      { id: '33', name: 'General Notifications' },
    ]);
  });

  it('a new token restarts the bot; the old one stops polling', async () => {
    const s = await botStation();
    const token2 = nextToken('SECOND');
    fake.addBot(token2, 'renamed_bot');
    await s.owner.put('/api/settings', { telegramBotToken: token2 });
    await waitConnected(s.owner, 'renamed_bot');
    fake.userSays(s.token, s.tg.admin, '/status');
    fake.userSays(token2, s.tg.admin, '/status');
    const answers = await fake.waitForSent((m) => repliesTo(s.tg.admin.id)(m) && m.text.startsWith('Test admin'));
    await new Promise((r) => setTimeout(r, 300));
    expect(answers.map((m) => m.token)).toEqual([token2]);
    expect(fake.sent.filter((m) => repliesTo(s.tg.admin.id)(m) && m.token === s.token)).toHaveLength(0);
  });
});

describe('shutdown', () => {
  it('closing the server leaves no getUpdates open', async () => {
    const f = await startFakeTelegram();
    const srv = await startTestServer({ telegram: { apiRoot: f.url, pollTimeoutSeconds: 30 } });
    try {
      const s = await equipmentStation(srv);
      f.addBot('1:SHUT');
      await s.owner.put('/api/settings', { telegramBotToken: '1:SHUT' });
      for (let i = 0; i < 100 && f.openPolls() === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(f.openPolls()).toBe(1);
      const started = Date.now();
      await srv.close();
      expect(Date.now() - started).toBeLessThan(5000);
      for (let i = 0; i < 50 && f.openPolls() > 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(f.openPolls()).toBe(0);
    } finally {
      await f.close();
    }
  });
});
