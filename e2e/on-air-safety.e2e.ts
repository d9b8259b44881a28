import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CgFile } from '../shared/contracts/cg-files';
import { loginDevOwner } from '../server/test/factories';
import { createNews } from '../server/test/news-factory';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp, type AppFixture } from './support/app-fixture';
import { expectHidden, login, shell, visible } from './support/pages';

const THAANA = 'ދިވެހި ޚަބަރު: މާލޭގައި ވިއްސާރަ';
const THAANA_WORD = 'ދިވެހި';
const toastOf = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

function cgOutput(app: AppFixture, type: string): string | null {
  const file = path.join(app.server.baseDir, 'cg_output', `${type}.txt`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

async function expectConnection(page: Page, connected: boolean): Promise<void> {
  await visible(shell(page).connection.getByText(connected ? 'Connected' : 'Disconnected', { exact: true }));
}

/** A toast must never cover the header's Emergency Mode, LIVE, connection and bell. */
async function expectClearOfHeader(page: Page, toast: Locator): Promise<void> {
  const a = await toast.boundingBox();
  const b = await shell(page).header.boundingBox();
  if (!a || !b) throw new Error('toast or header not on screen');
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `toast ${JSON.stringify(a)} overlaps header ${JSON.stringify(b)}`).toBe(false);
}

/**
 * Width of the first Thaana word as the page drew it, and of the same word forced to the bundled
 * face. Equal only when the page really used Noto Sans Thaana, not empty boxes or another font.
 * One word: spaces and punctuation are outside the face's unicode-range and fall back elsewhere.
 */
async function thaanaWidths(locator: Locator): Promise<{ rendered: number; noto: number }> {
  return locator.evaluate(async (el, word) => {
    const style = getComputedStyle(el);
    // Measure what the page drew the moment the card appeared: no waiting for a late font load,
    // which is when an operator (or a screenshot) sees empty boxes.
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode();
    while (node && !node.textContent?.includes(word)) node = walker.nextNode();
    if (!node?.textContent) throw new Error('Thaana word not found in the element');
    const range = document.createRange();
    const start = node.textContent.indexOf(word);
    range.setStart(node, start);
    range.setEnd(node, start + word.length);
    const rendered = range.getBoundingClientRect().width;
    await document.fonts.load(`${style.fontWeight} ${style.fontSize} "Noto Sans Thaana"`, word);
    const span = document.createElement('span');
    span.textContent = word;
    Object.assign(span.style, {
      font: style.font,
      fontFamily: '"Noto Sans Thaana"',
      whiteSpace: 'pre',
      position: 'absolute',
    });
    document.body.append(span);
    const noto = span.getBoundingClientRect().width;
    span.remove();
    return { rendered, noto };
  }, THAANA_WORD);
}

describe('on-air safety', () => {
  const app = useApp();

  it(
    'an offline headline fails at once with a clear toast and never airs after reconnecting',
    { timeout: 60_000 },
    async () => {
      const page = await app.newPage();
      await login(page, DEV_OWNER.username, DEV_OWNER.password);
      await page.goto('/cg-control');
      await expectConnection(page, true);

      await page.context().setOffline(true);
      await expectConnection(page, false);
      const headline = 'Offline text that must never air';
      const input = page.getByRole('textbox', { name: 'Headline', exact: true });
      await input.fill(headline);
      await input.press('Enter');
      const toast = toastOf(page, 'Not sent: this computer is offline. Nothing was changed.');
      await visible(toast);
      await expectClearOfHeader(page, toast);

      await page.context().setOffline(false);
      await expectConnection(page, true);
      // Long enough for any queued write to replay: TanStack resumes paused mutations at once.
      await page.waitForTimeout(15_000);
      expect(cgOutput(app, 'headline')).not.toBe(headline);
      const owner = await loginDevOwner(app.server);
      const files = await owner.get<CgFile[]>('/api/cg-files');
      expect(files.body.some((f) => f.content.includes(headline))).toBe(false);
    },
  );

  it('a double-click on Add Headline adds exactly one line; its toast stays clear of the header', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/cg-control');
    const panel = page.getByTestId('news-crawler-panel');
    await panel.getByRole('button', { name: 'Add Headline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Headline' });
    await dialog.getByLabel('Headline Text').fill('Only once');
    await dialog.getByRole('button', { name: 'Add Headline' }).dblclick();
    const toast = toastOf(page, 'Headline added to news crawler');
    await visible(toast);
    await expectClearOfHeader(page, toast);
    await page.waitForTimeout(1000); // a second request, had one been sent, lands well within this
    expect(cgOutput(app, 'news_crawler')).toBe('Only once');
  });

  it('on a phone, a toast stays clear of the header', async () => {
    const page = await app.newPage(PHONE);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/news');
    await page.getByRole('button', { name: 'Create News' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create News' });
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Phone toast check');
    await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill('Body');
    await dialog.getByRole('button', { name: 'Create News' }).click();
    const toast = toastOf(page, 'News article created as a draft');
    await visible(toast);
    await expectClearOfHeader(page, toast);
  });

  it('draws Dhivehi (Thaana) in a news card with the bundled Noto Sans Thaana', async () => {
    const owner = await loginDevOwner(app.server);
    const article = await createNews(owner, { title: THAANA });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/news');
    const title = page.getByTestId(`news-row-${article.id}`).getByText(THAANA, { exact: true }).first();
    await visible(title);
    // Theme level: the bundled face leads every stack; behind system-ui, Linux Chromium drew boxes.
    const families = await title.evaluate((el) => getComputedStyle(el).fontFamily);
    expect(families.indexOf('Noto Sans Thaana'), families).toBeGreaterThanOrEqual(0);
    expect(families.indexOf('Noto Sans Thaana'), families).toBeLessThan(families.indexOf('system-ui'));
    const { rendered, noto } = await thaanaWidths(title);
    expect(Math.abs(rendered - noto), `rendered ${rendered}px, Noto Sans Thaana ${noto}px`).toBeLessThan(0.5);
  });

  it('asks before a dialog with typed text is closed by Escape or by navigating away', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    // In-app navigation, so Back below is the router's, not a page load.
    await shell(page).menuLink('News Management').click();
    await page.getByRole('button', { name: 'Create News' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create News' });
    const title = dialog.getByRole('textbox', { name: 'Title', exact: true });
    await title.fill('Half-written story');
    const confirm = page.getByRole('dialog', { name: 'Discard unsaved text?' });

    await page.keyboard.press('Escape');
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expectHidden(confirm);
    expect(await title.inputValue()).toBe('Half-written story');

    await page.goBack();
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(page.url()).pathname).toBe('/news');
    expect(await title.inputValue()).toBe('Half-written story');

    await page.keyboard.press('Escape');
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expectHidden(dialog);
  });

  it('closes an untouched dialog at once', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/news');
    await page.getByRole('button', { name: 'Create News' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create News' });
    await visible(dialog);
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
  });
});
