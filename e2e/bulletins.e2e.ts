import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Bulletin } from '../shared/contracts/bulletins';
import { createUser, loginDevOwner } from '../server/test/factories';
import { createApprovedNews } from '../server/test/news-factory';
import { DEV_OWNER } from '../server/test/test-server';
import { useApp } from './support/app-fixture';
import { expectHidden, keyboardMove, login, visible } from './support/pages';

const LIVE_MS = 6000;
const THAANA = 'ދިވެހި ޚަބަރު: މާލޭގައި ވިއްސާރަ';
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const dialogOf = (page: Page, name: string) => page.getByRole('dialog', { name });
const titlesOf = (page: Page) => page.getByTestId('bulletin-title');

async function choose(scope: Page | Locator, page: Page, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rowTexts = async (scope: Locator) => {
  const numbers = await scope.getByTestId('bulletin-item-number').allInnerTexts();
  const labels = await scope.getByTestId('bulletin-item-label').allInnerTexts();
  return numbers.map((n, i) => `${n} ${labels[i]}`);
};

describe('Bulletins', () => {
  const app = useApp();

  it('create with news and a break, keyboard reorder, live on a second screen, CG bulletin mode, edit keeps status, delete', async () => {
    const owner = await loginDevOwner(app.server);
    const mcr = await createUser(owner, app.server, 'mcr', { fullName: 'Mo Control' });
    const harbour = await createApprovedNews(owner, {
      title: 'Harbour reopens after storm',
      subtitle: 'Ferries resume at noon',
    });
    const rain = await createApprovedNews(owner, { title: THAANA });

    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/bulletins');
    await visible(page.getByText('No bulletins', { exact: true }));
    await visible(page.getByText('Create your first bulletin to get started.'));
    const watcher = await app.newPage();
    await login(watcher, mcr.user.username, mcr.password);
    await watcher.goto('/bulletins');
    await visible(watcher.getByText('No bulletins', { exact: true }));

    await button(page, 'Create Bulletin').first().click();
    const dialog = dialogOf(page, 'Create Bulletin');
    await visible(dialog);
    // Empty form: the spec's messages, nothing sent.
    await dialog.getByLabel('Duration (minutes)').fill('');
    await dialog.getByLabel('Scheduled time').fill('');
    await button(dialog, 'Create Bulletin').click();
    for (const message of [
      'Title is required',
      'Broadcast time is required',
      'Duration is required',
      'Scheduled time is required',
      'Please add at least one item to the bulletin',
    ]) {
      await visible(dialog.getByText(message, { exact: true }));
    }
    expect(await dialog.getByLabel('Broadcast time').getAttribute('placeholder')).toBe('09:00');

    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Evening News');
    await dialog.getByLabel('Broadcast time').fill('20:00');
    await dialog.getByLabel('Duration (minutes)').fill('30');
    await dialog.getByLabel('Scheduled time').fill('2026-11-23T20:00');
    await choose(dialog, page, 'Approved news', harbour.title);
    await button(dialog, 'Add news').click();
    await choose(dialog, page, 'Approved news', rain.title);
    await button(dialog, 'Add news').click();
    await choose(dialog, page, 'Break type', 'SPORTS BREAK');
    await button(dialog, 'Add break').click();
    const items = dialog.getByTestId('bulletin-items');
    expect(await rowTexts(items)).toEqual([`1 ${harbour.title}`, `2 ${rain.title}`, '3 SPORTS BREAK']);
    expect(await items.getByTestId('bulletin-item-label').nth(1).getAttribute('dir')).toBe('rtl');

    // The break goes first, by keyboard only: numbering follows the new order.
    await keyboardMove(page.getByRole('button', { name: 'Drag item 3' }), -2);
    await expect.poll(() => rowTexts(items)).toEqual(['1 SPORTS BREAK', `2 ${harbour.title}`, `3 ${rain.title}`]);
    await button(dialog, 'Create Bulletin').click();
    await expectHidden(dialog);
    await visible(page.getByText('Bulletin created'));

    const saved = (await owner.get<Bulletin[]>('/api/bulletins')).body;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      title: 'Evening News',
      status: 'draft',
      content: 'Bulletin for 20:00',
      duration: 30,
    });
    expect(saved[0]!.bulletinItems.map((i) => [i.sortOrder, i.breakType ?? i.newsId])).toEqual([
      [0, 'SPORTS BREAK'],
      [1, harbour.id],
      [2, rain.id],
    ]);

    // The second desk sees it without a reload.
    await expect.poll(() => titlesOf(watcher).allInnerTexts(), { timeout: LIVE_MS }).toEqual(['Evening News']);

    // CG Control's preview, bulletin mode: the items in the saved order.
    await page.goto('/cg-control');
    const panel = page.getByTestId('cg-preview-panel');
    await button(panel, 'Bulletin').click();
    await visible(panel.getByTestId('cg-preview-position').getByText('1 / 3'));
    await visible(panel.getByTestId('cg-preview-title').getByText('SPORTS BREAK'));
    await button(panel, 'Next Item').click();
    await visible(panel.getByTestId('cg-preview-title').getByText(harbour.title));
    await button(panel, 'Next Item').click();
    await visible(panel.getByTestId('cg-preview-title').getByText(rain.title));

    // Edit keeps the status (set to ready around the API, which offers no status change).
    const db = new Database(path.join(app.server.dataDir, 'cg-bridge.sqlite'));
    db.prepare("UPDATE bulletins SET status = 'ready'").run();
    db.close();
    await page.goto('/bulletins');
    await button(page, 'Edit Evening News').click();
    const edit = dialogOf(page, 'Edit Bulletin');
    await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('Evening News (late)');
    await button(edit, 'Save Changes').click();
    await expectHidden(edit);
    await expect.poll(() => titlesOf(watcher).allInnerTexts(), { timeout: LIVE_MS }).toEqual(['Evening News (late)']);
    expect((await owner.get<Bulletin[]>('/api/bulletins')).body[0]).toMatchObject({
      status: 'ready',
      title: 'Evening News (late)',
    });
    await visible(page.getByTestId('bulletin-row').getByText('ready'));

    // Preview dialog, then delete with confirmation (Cancel first keeps it).
    await button(page, 'Preview Evening News (late)').click();
    const previewDialog = dialogOf(page, 'Bulletin Preview');
    await visible(previewDialog.getByText(harbour.title));
    await page.keyboard.press('Escape');
    await expectHidden(previewDialog);
    await button(page, 'Delete Evening News (late)').click();
    await button(page, 'Cancel').click();
    expect(await titlesOf(page).allInnerTexts()).toEqual(['Evening News (late)']);
    await button(page, 'Delete Evening News (late)').click();
    await button(page, 'Delete').click();
    await visible(page.getByText('No bulletins', { exact: true }));
    await visible(watcher.getByText('No bulletins', { exact: true }));
    expect((await owner.get<Bulletin[]>('/api/bulletins')).body).toEqual([]);
  });

  it('a read-only role sees no edit controls; a deleted article shows as (article removed)', async () => {
    const owner = await loginDevOwner(app.server);
    const story = await createApprovedNews(owner, { title: 'Soon withdrawn' });
    const made = await owner.post<Bulletin>('/api/bulletins', {
      title: 'Noon',
      broadcastTime: '12:00',
      duration: 1,
      scheduledTime: '2026-11-23T12:00:00.000Z',
      bulletinItems: [
        { type: 'news', newsId: story.id },
        { type: 'break', breakType: 'LOCAL BREAK' },
      ],
    });
    expect(made.status).toBe(201);
    await owner.delete(`/api/news/${story.id}`);
    const cam = await createUser(owner, app.server, 'cameraman');
    const page = await app.newPage();
    await login(page, cam.user.username, cam.password);
    await page.goto('/bulletins');
    await visible(titlesOf(page).getByText('Noon'));
    expect(await page.getByRole('button', { name: 'Create Bulletin' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit Noon' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Noon' }).count()).toBe(0);
    // 2:10 planned in a 1-minute slot: over, in red.
    await visible(page.getByTestId('bulletin-over-under').getByText('2:00 (+1:00 over)'));
    await button(page, 'Preview Noon').click();
    await visible(dialogOf(page, 'Bulletin Preview').getByText('(article removed)'));
    await owner.delete(`/api/bulletins/${made.body.id}`);
  });
});
