import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEV_OWNER } from '../server/test/test-server';
import { createUser, loginDevOwner } from '../server/test/factories';
import { createApprovedNews } from '../server/test/news-factory';
import { useApp, type AppFixture } from './support/app-fixture';
import { expectHidden, keyboardMove, login, visible } from './support/pages';

/** A change on one desk must reach another open screen within this, without a reload. */
const LIVE_MS = 6000;
const THAANA = 'ދިވެހި ޚަބަރު: މާލޭގައި ވިއްސާރަ';

const panelOf = (page: Page) => page.getByTestId('news-crawler-panel');
const rowsOf = (page: Page) => panelOf(page).getByTestId('crawler-headline-text');
const toastOf = (page: Page, message: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: message });

/** The shell shows one toast at a time and queues the rest: read it, then dismiss it. */
async function seeToast(page: Page, message: string): Promise<void> {
  const toast = toastOf(page, message);
  await visible(toast);
  await toast.locator('.mantine-Notification-closeButton').click();
  await expectHidden(toast);
}

async function openCgControl(page: Page, username: string, password: string): Promise<Locator> {
  await login(page, username, password);
  await page.goto('/cg-control');
  const panel = panelOf(page);
  await visible(panel.getByText('News Crawler Management'));
  return panel;
}

/** Polls until the panel lists exactly `expected` (in order), then returns. */
async function expectRows(page: Page, expected: readonly string[], timeout = LIVE_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  let actual: string[] = [];
  while (Date.now() < deadline) {
    actual = expected.length === 0 ? [] : await rowsOf(page).allInnerTexts();
    if (expected.length === 0 && (await panelOf(page).getByTestId('crawler-empty').isVisible())) return;
    if (expected.length > 0 && JSON.stringify(actual) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  expect(actual, 'crawler rows').toEqual(expected);
  expect(await panelOf(page).getByTestId('crawler-empty').isVisible(), 'empty alert').toBe(true);
}

function crawlerFile(app: AppFixture): string {
  return fs.readFileSync(path.join(app.server.baseDir, 'cg_output', 'news_crawler.txt'), 'utf8');
}

/** The operator's screen, the second desk's screen (live) and the file the graphics read. */
async function expectEverywhere(app: AppFixture, pages: Page[], expected: readonly string[]): Promise<void> {
  await Promise.all(pages.map((page) => expectRows(page, expected)));
  expect(crawlerFile(app)).toBe(expected.join('\n'));
  await expect
    .poll(() =>
      panelOf(pages[0] as Page)
        .getByTestId('crawler-count')
        .innerText(),
    )
    .toBe(String(expected.length));
}

/** A real pointer drag: press on the handle, move past the target row in small steps, release. */
async function mouseDrag(page: Page, fromRow: number, toRow: number): Promise<void> {
  const handle = panelOf(page).getByRole('button', { name: `Drag headline ${fromRow}` });
  const target = panelOf(page)
    .getByTestId('crawler-headline-row')
    .nth(toRow - 1);
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag handle or target row not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const y = to.y + (toRow < fromRow ? to.height * 0.25 : to.height * 0.75);
  await page.mouse.move(from.x + from.width / 2, y, { steps: 12 });
  await page.mouse.up();
}

describe('news crawler', () => {
  const app = useApp();

  it('generates, adds, edits, reorders, removes and clears; the file and a second desk follow', async () => {
    const owner = await loginDevOwner(app.server);
    await createApprovedNews(owner, { title: 'Harbour reopens after the storm' });
    await createApprovedNews(owner, { title: 'Ferry timetable restored' });
    const mcr = await createUser(owner, app.server, 'mcr', { fullName: 'Mia Control' });

    const page = await app.newPage();
    const panel = await openCgControl(page, DEV_OWNER.username, DEV_OWNER.password);
    const watcher = await app.newPage();
    await openCgControl(watcher, mcr.user.username, mcr.password);
    await visible(panel.getByText('No headlines in news crawler. Generate from approved news or add manually.'));
    expect(await panel.getByRole('button', { name: 'Clear All' }).isDisabled()).toBe(true);

    await panel.getByRole('button', { name: 'Generate from Approved News' }).click();
    await seeToast(page, 'News crawler generated from approved news');
    await visible(page.getByTestId('crawler-display-position').getByText('1 of 2', { exact: true }));
    let expected = ['Ferry timetable restored', 'Harbour reopens after the storm'];
    await expectEverywhere(app, [page, watcher], expected);

    await panel.getByRole('button', { name: 'Add Headline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Headline' });
    const input = dialog.getByLabel('Headline Text');
    expect(await input.getAttribute('placeholder')).toBe('Enter headline text...');
    expect(await dialog.getByRole('button', { name: 'Add Headline' }).isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await dialog.getByRole('button', { name: 'Add Headline' }).isDisabled()).toBe(true);
    await input.fill(THAANA);
    expect(await input.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await dialog.getByRole('button', { name: 'Add Headline' }).click();
    await expectHidden(dialog);
    await seeToast(page, 'Headline added to news crawler');
    expected = [...expected, THAANA];
    await expectEverywhere(app, [page, watcher], expected);
    await panel.getByRole('button', { name: 'Add Headline' }).click();
    expect(await page.getByRole('dialog', { name: 'Add New Headline' }).getByLabel('Headline Text').inputValue()).toBe(
      '',
    );
    await page.getByRole('dialog', { name: 'Add New Headline' }).getByRole('button', { name: 'Cancel' }).click();

    await panel.getByRole('button', { name: 'Edit headline 2' }).click();
    const editor = panel.getByRole('textbox', { name: 'Edit headline' });
    expect(await editor.inputValue()).toBe('Harbour reopens after the storm');
    await editor.fill('Harbour reopens: first ships in');
    await editor.press('Enter');
    await seeToast(page, 'Headline updated in news crawler');
    await expectHidden(panel.getByRole('textbox', { name: 'Edit headline' }));
    expected = ['Ferry timetable restored', 'Harbour reopens: first ships in', THAANA];
    await expectEverywhere(app, [page, watcher], expected);

    await keyboardMove(panelOf(page).getByRole('button', { name: 'Drag headline 1' }), 1);
    await seeToast(page, 'Headlines reordered successfully');
    expected = ['Harbour reopens: first ships in', 'Ferry timetable restored', THAANA];
    await expectEverywhere(app, [page, watcher], expected);

    await mouseDrag(page, 3, 1);
    await seeToast(page, 'Headlines reordered successfully');
    expected = [THAANA, 'Harbour reopens: first ships in', 'Ferry timetable restored'];
    await expectEverywhere(app, [page, watcher], expected);

    await panel.getByRole('button', { name: 'Remove headline 2' }).click();
    await visible(page.getByText('Are you sure you want to remove this headline?'));
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await seeToast(page, 'Headline removed from news crawler');
    expected = [THAANA, 'Ferry timetable restored'];
    await expectEverywhere(app, [page, watcher], expected);

    await panel.getByRole('button', { name: 'Clear All' }).click();
    await visible(page.getByText('Are you sure you want to clear all headlines from the news crawler?'));
    await page.getByRole('dialog').getByRole('button', { name: 'Clear All' }).click();
    await seeToast(page, 'News crawler cleared');
    await expectEverywhere(app, [page, watcher], []);
    await visible(page.getByText('No news crawler content available'));
  });

  it('shows one line at a time and moves on every 60 s, countdown back at 60', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/news-crawler/clear');
    for (const headline of ['Alpha line', 'Beta line', 'Gamma line'])
      await owner.post('/api/news-crawler/add-headline', { headline });
    const page = await app.newPage();
    await page.clock.install();
    await openCgControl(page, DEV_OWNER.username, DEV_OWNER.password);
    const display = page.getByTestId('news-crawler-display');
    await visible(display.getByText('1 of 3', { exact: true }));
    await visible(display.getByTestId('crawler-display-line').getByText('Alpha line'));
    await visible(display.getByText(/^Next update in (60|59)s$/));
    await page.clock.fastForward(30_000);
    await visible(display.getByText(/^Next update in (30|29)s$/));
    await page.clock.fastForward(30_500);
    await visible(display.getByText('2 of 3', { exact: true }));
    await visible(display.getByTestId('crawler-display-line').getByText('Beta line'));
    await visible(display.getByText(/^Next update in (60|59)s$/));
  });

  it('rolls a refused reorder back with the spec toast when another desk reordered first', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/news-crawler/clear');
    for (const headline of ['One', 'Two']) await owner.post('/api/news-crawler/add-headline', { headline });
    const page = await app.newPage();
    await openCgControl(page, DEV_OWNER.username, DEV_OWNER.password);
    await expectRows(page, ['One', 'Two']);

    // Make this desk's view stale for real: its socket reconnects through a filter that holds back
    // crawler updates, and its 5 s refetches fail, so it keeps showing One, Two.
    await page.routeWebSocket(/\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((message) => upstream.send(message));
      upstream.onMessage((message) => {
        if (!String(message).includes('news_crawler')) ws.send(message);
      });
    });
    const refetched = page.waitForResponse((r) => r.url().includes('/api/news-crawler/content'));
    app.server.hub.disconnectAll();
    await refetched;
    await page.route('**/api/news-crawler/content', (route) => route.abort());

    // Another desk reorders first; this desk's reorder was built on the old list → the server says 409.
    await owner.put('/api/news-crawler/reorder', { headlines: ['Two', 'One'], basedOn: ['One', 'Two'] });
    await keyboardMove(panelOf(page).getByRole('button', { name: 'Drag headline 1' }), 1);
    await seeToast(page, 'Failed to reorder headlines');
    await expectRows(page, ['One', 'Two']);
    expect(crawlerFile(app)).toBe('Two\nOne'); // the other desk's order, never a mix
  });

  it('shows the lines read-only to a cameraman', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/news-crawler/clear');
    await owner.post('/api/news-crawler/add-headline', { headline: 'Read only line' });
    const cameraman = await createUser(owner, app.server, 'cameraman');
    const page = await app.newPage();
    const panel = await openCgControl(page, cameraman.user.username, cameraman.password);
    await expectRows(page, ['Read only line']);
    expect(await panel.getByRole('button').count()).toBe(0);
    expect(await rowsOf(page).first().getAttribute('title')).toBe('Read only line');
  });
});
