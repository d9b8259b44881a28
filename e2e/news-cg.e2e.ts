import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createUser, loginDevOwner } from '../server/test/factories';
import { createApprovedNews } from '../server/test/news-factory';
import { useApp } from './support/app-fixture';
import { expectHidden, login, visible } from './support/pages';

const POLL = { timeout: 5000, interval: 50 } as const;
const THAANA = 'ދިވެހި ޚަބަރު';

async function openNews(page: Page): Promise<void> {
  await page.goto('/news');
  await visible(page.getByRole('heading', { name: 'News Management', exact: true }));
}

const approvedRow = (page: Page, title: string) =>
  page.getByTestId('news-section-approved').locator('[data-testid^="news-row-"]').filter({ hasText: title });

async function openAddToCg(page: Page, title: string): Promise<Locator> {
  await approvedRow(page, title).getByRole('button', { name: 'Add to CG Display' }).click();
  return visible(page.getByRole('dialog', { name: 'Add to CG Display' }));
}

async function chooseType(dialog: Locator, type: string): Promise<void> {
  await dialog.getByLabel('CG Type', { exact: true }).click();
  await dialog.page().getByRole('option', { name: type, exact: true }).click();
}

/** The segmented control's radios are visually hidden: click the label, as a person does. */
const chooseSource = (dialog: Locator, label: string) =>
  dialog.getByRole('radiogroup', { name: 'Content Source' }).getByText(label, { exact: true }).click();

const preview = (dialog: Locator) => dialog.getByTestId('cg-from-news-preview');
const previewText = (dialog: Locator) => preview(dialog).getByTestId('cg-from-news-preview-text');

describe('add to CG display from news', () => {
  const app = useApp();
  /** Exactly what the graphics program reads: <baseDir>/cg_output/<type>.txt. */
  const cgFile = (type: string) => {
    const file = path.join(app.server.baseDir, 'cg_output', `${type}.txt`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };

  it('an editor puts title and subtitle on the info line, then custom right-to-left text on the title bar', async () => {
    const owner = await loginDevOwner(app.server);
    const editor = await createUser(owner, app.server, 'editor');
    const article = await createApprovedNews(owner, { title: 'Budget passed', subtitle: 'Vote 52 to 30' });
    const page = await app.newPage();
    await login(page, editor.user.username, editor.password);
    await openNews(page);

    let dialog = await openAddToCg(page, article.title);
    expect(await dialog.getByLabel('CG Type', { exact: true }).inputValue()).toBe('headline');
    // The title on the headline brings its subtitle to the subheadline, and the preview says so.
    expect(await previewText(dialog).innerText()).toBe('Budget passed');
    expect(await preview(dialog).getByTestId('cg-from-news-preview-subheadline').innerText()).toBe('Vote 52 to 30');
    await chooseType(dialog, 'infoline');
    await chooseSource(dialog, 'Both');
    // The info line holds one line: title and subtitle are joined, as the server will write them.
    expect(await previewText(dialog).innerText()).toBe('Budget passed — Vote 52 to 30');
    await dialog.getByRole('button', { name: 'Add to CG', exact: true }).click();
    await expectHidden(dialog);
    await expect.poll(() => cgFile('infoline'), POLL).toBe('Budget passed — Vote 52 to 30');
    await visible(page.getByRole('alert').getByText('infoline file updated successfully'));

    dialog = await openAddToCg(page, article.title);
    // Each opening starts from the defaults.
    expect(await previewText(dialog).innerText()).toBe('Budget passed');
    await chooseType(dialog, 'titlebar');
    await chooseSource(dialog, 'Custom');
    const custom = dialog.getByRole('textbox', { name: 'Custom Content' });
    await custom.fill(`  ${THAANA}  `);
    expect(await custom.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await previewText(dialog).innerText()).toBe(THAANA);
    await dialog.getByRole('button', { name: 'Add to CG', exact: true }).click();
    await expectHidden(dialog);
    await expect.poll(() => cgFile('titlebar'), POLL).toBe(THAANA);
  });

  it('disables Subtitle when there is none, asks for custom text, and shows the server reason on failure', async () => {
    const owner = await loginDevOwner(app.server);
    const mcr = await createUser(owner, app.server, 'mcr');
    const article = await createApprovedNews(owner, { title: 'No subtitle here', subtitle: null });
    const page = await app.newPage();
    await login(page, mcr.user.username, mcr.password);
    await openNews(page);

    const dialog = await openAddToCg(page, article.title);
    expect(await dialog.getByRole('radio', { name: 'Subtitle' }).isDisabled()).toBe(true);
    await chooseSource(dialog, 'Custom');
    await dialog.getByRole('button', { name: 'Add to CG', exact: true }).click();
    await visible(dialog.getByText('Content is required'));

    await dialog.getByRole('textbox', { name: 'Custom Content' }).fill('Too late');
    // Someone deletes the article while the dialog is open: the server refuses.
    expect((await owner.delete(`/api/news/${article.id}`)).status).toBe(200);
    await dialog.getByRole('button', { name: 'Add to CG', exact: true }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Failed to create CG file from news article' });
    await visible(toast);
    expect(await toast.innerText()).toMatch(/not found/i);
    await visible(dialog);
  });

  it('a cameraman does not see Add to CG Display', async () => {
    const owner = await loginDevOwner(app.server);
    const cameraman = await createUser(owner, app.server, 'cameraman');
    const article = await createApprovedNews(owner, { title: 'Camera crew view' });
    const page = await app.newPage();
    await login(page, cameraman.user.username, cameraman.password);
    await openNews(page);
    const row = approvedRow(page, article.title);
    await visible(row.getByRole('button', { name: 'View' }));
    expect(await row.getByRole('button', { name: 'Add to CG Display' }).count()).toBe(0);
  });
});
