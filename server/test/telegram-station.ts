import { expect } from 'vitest';
import type { TelegramStatus } from '../../shared/contracts/telegram';
import type { ApiClient } from './api-client';
import { equipmentStation } from './equipment-factory';
import { createUser } from './factories';
import { startFakeTelegram, type FakeTelegram } from './fake-telegram';
import { startTestServer, type TestServer } from './test-server';

export interface BotServer {
  fake: FakeTelegram;
  server: TestServer;
}

/** A real server whose bots talk to a fresh fake Bot API that reads the server's movable clock. */
export async function startBotServer(): Promise<BotServer> {
  const fake = await startFakeTelegram();
  const server = await startTestServer({ telegram: { apiRoot: fake.url, pollTimeoutSeconds: 1 } });
  fake.useClock(() => server.clock.now().getTime());
  return { fake, server };
}

/** Server first: its bots stop polling before the fake goes away. */
export async function stopBotServer({ fake, server }: BotServer): Promise<void> {
  await server.close();
  await fake.close();
}

/** A station wired to a bot on the fake Bot API, with its group settings and linked users. */
let tokens = 0;
/** A bot token no other test uses. */
export const nextToken = (label: string) => `${100 + tokens++}:${label}`;
let telegramIds = 1000;
export const GROUP = '-1001234567890';
export const TOPICS = { equipmentRequestTopicId: '11', breakingNewsTopicId: '22', generalNotificationTopicId: '33' };

export async function status(client: ApiClient) {
  return (await client.get<TelegramStatus>('/api/telegram/test')).body;
}

export async function waitConnected(client: ApiClient, username?: string): Promise<TelegramStatus> {
  for (let i = 0; i < 100; i++) {
    const s = await status(client);
    if (s.connected && (!username || s.botInfo?.username === username)) return s;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error('the bot never connected');
}

/** A station with a bot, its group settings, and users linked to Telegram ids. */
export async function createBotStation(server: TestServer, fake: FakeTelegram) {
  const s = await equipmentStation(server);
  const mcr = await createUser(s.owner, server, 'mcr');
  const token = nextToken('TEST-TOKEN');
  const username = `station_${tokens}_bot`;
  fake.addBot(token, username);
  await s.owner.put('/api/company/telegram-settings', { primaryGroupId: GROUP, ...TOPICS });
  const link = async (client: ApiClient & { user: { id: number } }) => {
    const telegramId = telegramIds++;
    const res = await s.owner.put(`/api/users/${client.user.id}`, { telegramId: String(telegramId) });
    expect(res.status).toBe(200);
    return { id: telegramId };
  };
  const tg = {
    admin: await link(s.admin),
    mcr: await link(mcr),
    cameraman: await link(s.cameraman),
    editor: await link(s.editor),
  };
  expect((await s.owner.put('/api/settings', { telegramBotToken: token })).status).toBe(200);
  await waitConnected(s.owner, username);
  return { ...s, mcr, token, tg };
}
