import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { equipmentStation } from '../server/test/equipment-factory';
import { createUser } from '../server/test/factories';
import { startFakeTelegram, type FakeTelegram } from '../server/test/fake-telegram';
import { createBotStation } from '../server/test/telegram-station';
import { useApp } from './support/app-fixture';
import { expectHidden, login, visible } from './support/pages';

/** /telegram and the bot driving the web UI live, against the fake Bot API (issue 14). */
let fake: FakeTelegram;
beforeAll(async () => {
  fake = await startFakeTelegram();
});
afterAll(() => fake.close());

const LIVE_MS = 6000;
const requestRow = (page: Page, text: string) => page.getByTestId('request-row').filter({ hasText: text });

describe('Telegram bot page and bot → web (issue 14)', () => {
  const app = useApp(() => ({ telegram: { apiRoot: fake.url, pollTimeoutSeconds: 1 } }));
  beforeAll(() => fake.useClock(() => app.server.clock.now().getTime()));

  async function openAs(user: { user: { username: string }; password: string }, path: string): Promise<Page> {
    const page = await app.newPage();
    await login(page, user.user.username, user.password);
    await page.goto(path);
    await visible(page.locator('[data-testid="connection-status"][data-connected="true"]'));
    return page;
  }

  it('an MCR requests by /request and an admin approves by /approvals: the equipment page follows live', async () => {
    const s = await createBotStation(app.server, fake);
    await s.owner.post('/api/equipment', { code: 'CAM-9', name: 'Sony FX9', location: 'Store', quantity: 1 });
    const page = await openAs(s.admin, '/equipment?tab=requests');
    fake.userSays(s.token, s.tg.mcr, '/request CAM-9 Parliament live shot');
    const row = requestRow(page, 'Parliament live shot');
    await expect.poll(() => row.getByTestId('request-status').innerText(), { timeout: LIVE_MS }).toMatch(/pending/i);
    const id = (await s.owner.get<{ id: number }[]>('/api/equipment-requests')).body[0]?.id;
    fake.userSays(s.token, s.tg.admin, `/approvals approve ${id}`);
    await expect.poll(() => row.getByTestId('request-status').innerText(), { timeout: LIVE_MS }).toMatch(/approved/i);
  });

  it('the page: Connected with the bot’s name, commands by category, saved chats, a test message', async () => {
    const s = await createBotStation(app.server, fake);
    const page = await openAs(s.admin, '/telegram');
    const status = page.getByTestId('bot-status');
    await visible(status.getByText('Connected', { exact: true }));
    await visible(status.getByText(/CG Bridge Bot · @station_\d+_bot/));
    await visible(
      page.getByTestId('bot-commands').getByText('/addnews <title> | <content> [| normal|breaking|urgent]'),
    );
    await visible(
      page.getByText('Equipment returns need admin approval before the equipment becomes available again.'),
    );

    const chats = page.getByTestId('test-message-card');
    await chats.getByLabel('New chat ID').fill('-1001234567890');
    await chats.getByRole('button', { name: 'Save chat' }).click();
    await visible(chats.getByText('Chat ID already exists'));
    await chats.getByLabel('New chat ID').fill('4242');
    await chats.getByLabel('New chat name').fill('Night editor');
    await chats.getByRole('button', { name: 'Save chat' }).click();
    await visible(chats.getByText('Night editor'));
    await chats.getByRole('row').filter({ hasText: 'Night editor' }).getByRole('button', { name: 'Use' }).click();
    await chats.getByLabel('Message').fill('Are you on shift?');
    await chats.getByRole('button', { name: 'Send Test Message' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Test Message Sent' }));
    await fake.waitForSent((m) => m.chatId === '4242' && m.text === 'Are you on shift?');
    // Saved in this browser: still there after a reload.
    await page.reload();
    await visible(page.getByTestId('saved-chats').getByText('Night editor'));
  });

  it('dialogs: the spec’s validation texts, and the news goes through the web’s service', async () => {
    const s = await createBotStation(app.server, fake);
    const page = await openAs(s.admin, '/telegram');
    await page.getByRole('button', { name: 'Add Breaking News' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Breaking News' });
    await dialog.getByRole('button', { name: 'Add News' }).click();
    await visible(dialog.getByText('Title is required'));
    await visible(dialog.getByText('Content is required'));
    await dialog.getByLabel('Title').fill('Airport closed by fog');
    await dialog.getByLabel('Content').fill('All flights delayed until noon.');
    await dialog.getByRole('button', { name: 'Add News' }).click();
    await expectHidden(dialog);
    const news = (await s.owner.get<{ title: string; priority: string; category: string }[]>('/api/news')).body;
    expect(news[0]).toMatchObject({ title: 'Airport closed by fog', priority: 'breaking', category: 'General' });
    // A breaking article reaches the group's breaking topic.
    await fake.waitForSent((m) => m.threadId === '22' && m.text.includes('Airport closed by fog'));

    await page.getByRole('button', { name: 'Add Equipment' }).click();
    const eq = page.getByRole('dialog', { name: 'Add Equipment' });
    await eq.getByRole('button', { name: 'Add Equipment' }).click();
    await visible(eq.getByText('Equipment name is required'));
    await visible(eq.getByText('Equipment code is required'));
  });

  it('without a token: Disconnected, and a cameraman cannot open the content dialogs', async () => {
    const s = await equipmentStation(app.server);
    const cam = await createUser(s.owner, app.server, 'cameraman');
    const page = await openAs(cam, '/telegram');
    await visible(page.getByTestId('bot-status').getByText('Disconnected', { exact: true }));
    expect(await page.getByRole('button', { name: 'Add Breaking News' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Update CG Bar' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('test-message-card').count()).toBe(0);
    // Issue 22: each disabled button says who may, and who sets the token (no link a cameraman cannot use).
    await visible(page.getByText('Only owners, admins and technical staff can add equipment.'));
    await visible(page.getByText('Only owners, admins, editors, MCR operators and developers can file news.'));
    await visible(page.getByText('Only owners, admins, editors, MCR operators and developers can update the CG bar.'));
    expect(await page.getByRole('button', { name: 'Add Equipment' }).getAttribute('aria-describedby')).toBe(
      'why-equipment.manage',
    );
    await visible(
      page.getByTestId('bot-status').getByText('Owners and admins set the bot token in Settings — ask one of them.'),
    );
    expect(await page.getByTestId('bot-settings-link').count()).toBe(0);
    await page.screenshot({ path: '.scratch/telegram-cameraman.png' });
  });

  it('without a token, an admin gets a link to Settings and no “only …” lines', async () => {
    const s = await equipmentStation(app.server);
    const page = await openAs(s.admin, '/telegram');
    await visible(page.getByTestId('bot-status').getByText('Disconnected', { exact: true }));
    expect(await page.getByTestId('action-not-allowed').count()).toBe(0);
    await page.getByTestId('bot-settings-link').click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await visible(page.getByRole('region', { name: 'Telegram Bot' }));
  });
});
