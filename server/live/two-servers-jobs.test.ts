import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramStatus } from '../../shared/contracts/telegram';
import { ApiClient } from '../test/api-client';
import { startFakeTelegram, type FakeTelegram } from '../test/fake-telegram';
import { createNews } from '../test/news-factory';
import { startTwoServers, stopTwoServers, type TwoServers } from '../test/two-servers';
import { createBotStation, GROUP } from '../test/telegram-station';
import type { TestServer } from '../test/test-server';

/**
 * Issue 43: with two servers on one PostgreSQL store one of them runs the scheduled jobs and the
 * Telegram bots (Telegram allows one poller per bot) and sends each message once, whichever server
 * the change was made on; when it stops, the other takes the duty over within seconds.
 */
let two: TwoServers;
let fake: FakeTelegram;
let a: TestServer;
let b: TestServer;
let aClosed = false;
beforeAll(async () => {
  fake = await startFakeTelegram();
  two = await startTwoServers('two_servers_jobs', { telegram: { apiRoot: fake.url, pollTimeoutSeconds: 1 } });
  ({ a, b } = two);
}, 60_000);
afterAll(async () => {
  try {
    await stopTwoServers(two, aClosed);
  } finally {
    await fake?.close();
  }
});

const dutyOf = (server: TestServer) => server.services.equipmentAlerts.ctx.duty;
const POLL = { timeout: 5_000, interval: 20 };
const sentAbout = (words: string) => fake.sent.filter((m) => m.chatId === GROUP && m.text.includes(words));

describe('the jobs and bots of a store with two servers (issue 43)', () => {
  it('one server polls each bot and sends each message once; when it stops, the other takes the bots over', async () => {
    expect(dutyOf(a).holds()).toBe(true);
    expect(dutyOf(b).holds()).toBe(false);
    const s = await createBotStation(a, fake);
    await expect.poll(() => fake.openPolls(), POLL).toBe(1);

    const editorOnB = new ApiClient(b.url, s.editor.token);
    await createNews(editorOnB, { title: 'Flood warning for the atoll', priority: 'breaking' });
    await fake.waitForSent((m) => m.chatId === GROUP && m.text.includes('Flood warning'));
    await new Promise((r) => setTimeout(r, 500));
    expect(sentAbout('Flood warning')).toHaveLength(1);
    expect(fake.openPolls()).toBe(1);

    // Settings on B (which does not poll): the bot is connected, and a test message goes out from
    // B itself — without a second poller, which Telegram would refuse.
    const ownerOnB = new ApiClient(b.url, s.owner.token);
    const seenOnB = (await ownerOnB.get<TelegramStatus>('/api/telegram/test')).body;
    expect(seenOnB.connected).toBe(true);
    expect(seenOnB.botInfo?.username).toMatch(/_bot$/);
    const test = await ownerOnB.post<{ success: boolean }>('/api/telegram/test-message', {
      chatId: GROUP,
      message: 'Test from PC B',
    });
    expect(test.body.success, JSON.stringify(test.body)).toBe(true);
    expect(sentAbout('Test from PC B')).toHaveLength(1);
    expect(fake.openPolls()).toBe(1);

    await a.close();
    aClosed = true;
    await expect.poll(() => dutyOf(b).holds(), POLL).toBe(true);
    await expect.poll(() => fake.openPolls(), POLL).toBe(1);
    await createNews(editorOnB, { title: 'Second warning for the atoll', priority: 'breaking' });
    await fake.waitForSent((m) => m.chatId === GROUP && m.text.includes('Second warning'));
    await new Promise((r) => setTimeout(r, 500));
    expect(sentAbout('Second warning')).toHaveLength(1);
  });
});
