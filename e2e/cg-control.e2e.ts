import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CgFile } from '../shared/contracts/cg-files';
import { createBulletin } from '../server/test/bulletin-factory';
import { createUser, loginDevOwner } from '../server/test/factories';
import { createApprovedNews, createNews } from '../server/test/news-factory';
import { DEV_OWNER } from '../server/test/test-server';
import { useApp } from './support/app-fixture';
import { expectHidden, login, visible } from './support/pages';

const POLL = { timeout: 5000, interval: 50 } as const;

async function openCgControl(page: Page): Promise<void> {
  await page.goto('/cg-control');
  await visible(page.getByRole('heading', { name: 'CG Control', exact: true }));
}

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const preview = (page: Page) => page.getByTestId('cg-preview-panel');

/** Picks an option of a Mantine Select by its accessible label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('CG control', () => {
  const app = useApp();
  /** Exactly what the graphics program reads: <baseDir>/cg_output/<type>.txt. */
  const cgFile = (type: string) => {
    const file = path.join(app.server.baseDir, 'cg_output', `${type}.txt`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };

  it('sends a headline to the output file and to a second screen live; hashtag bar; emergency override', async () => {
    const owner = await loginDevOwner(app.server);
    const mcr = await createUser(owner, app.server, 'mcr', { fullName: 'Mo Control' });
    const operator = await app.newPage();
    await login(operator, mcr.user.username, mcr.password);
    await openCgControl(operator);
    const watcher = await app.newPage();
    await login(watcher, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(watcher);

    const headline = 'Parliament passes the budget';
    await operator.getByRole('textbox', { name: 'Headline', exact: true }).fill(headline);
    await button(operator, 'Headline').click();
    await expect.poll(() => cgFile('headline'), POLL).toBe(headline);
    // The other screen follows over the live channel, without a reload, within a second.
    await watcher.getByTestId('cg-preview-headline').getByText(headline, { exact: true }).waitFor({ timeout: 1000 });
    await visible(operator.getByRole('alert').getByText('headline file updated successfully'));

    await button(operator, 'Hashtag').click();
    const hashtag = operator.getByRole('dialog', { name: 'Update Hashtag Bar' });
    const hashtagInput = hashtag.getByRole('textbox', { name: 'Hashtag Text' });
    expect(await hashtagInput.inputValue()).toBe('#Breaking #News');
    await hashtagInput.fill('#Budget2025 #Live');
    await button(hashtag, 'Update Hashtag').click();
    await expectHidden(hashtag);
    await expect.poll(() => cgFile('hashtag_bar'), POLL).toBe('#Budget2025 #Live');

    await button(operator, 'Override').click();
    const confirm = operator.getByRole('dialog', { name: 'Activate emergency override?' });
    // The emergency text starts empty (issue 38); the slate carries both lines.
    await confirm.getByRole('textbox', { name: 'Emergency text', exact: true }).fill('TSUNAMI WARNING');
    await confirm.getByRole('textbox', { name: 'Subheadline', exact: true }).fill('Move to higher ground now');
    await button(confirm, 'Override').click();
    await expect
      .poll(() => [cgFile('emergency'), cgFile('headline'), cgFile('subheadline')], POLL)
      .toEqual(['TSUNAMI WARNING\nMove to higher ground now', 'TSUNAMI WARNING', 'Move to higher ground now']);
    await visible(operator.getByText('Emergency mode activated - CG updated'));
    await watcher
      .getByTestId('cg-preview-subheadline')
      .getByText('Move to higher ground now')
      .waitFor({ timeout: 1000 });
  });

  it('Emergency Override starts with an empty subheadline, not the one on air; the preview shows what will air', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'A', subheadline: 'Sub A' });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Subheadline', exact: true }).inputValue(), POLL)
      .toBe('Sub A');
    await button(page, 'Override').click();
    const dialog = page.getByRole('dialog', { name: 'Activate emergency override?' });
    const subheadline = dialog.getByRole('textbox', { name: 'Subheadline', exact: true });
    await visible(subheadline);
    expect(await subheadline.inputValue()).toBe('');
    expect(await dialog.getByText('Sub A', { exact: true }).count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Emergency text', exact: true }).fill('FLOOD WARNING');
    await button(dialog, 'Override').click();
    await expect
      .poll(() => [cgFile('emergency'), cgFile('headline'), cgFile('subheadline')], POLL)
      .toEqual(['FLOOD WARNING', 'FLOOD WARNING', '']);
    await owner.post('/api/cg-files/emergency/end');
  });

  it('sends a recent news item (headline and subheadline) and loads it into the editor', async () => {
    const owner = await loginDevOwner(app.server);
    const article = await createNews(owner, {
      title: 'Harbour reopens',
      subtitle: 'Ferries run again',
      priority: 'breaking',
    });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    const row = page.getByTestId(`recent-news-${article.id}`);
    await visible(row.getByText('Breaking', { exact: true }));
    await button(row, 'Send to CG').click();
    // A draft reaches air only after the operator confirms it.
    const ask = page.getByRole('dialog', { name: 'Send to CG?' });
    await visible(ask.getByText(/This article is not approved/));
    await button(ask, 'Send to CG').click();
    await expect
      .poll(() => [cgFile('headline'), cgFile('subheadline')], POLL)
      .toEqual(['Harbour reopens', 'Ferries run again']);

    await page.getByRole('textbox', { name: 'Headline', exact: true }).fill('');
    await button(row, 'Edit').click();
    expect(await page.getByRole('textbox', { name: 'Headline', exact: true }).inputValue()).toBe('Harbour reopens');
    await button(page, 'Breaking Format').click();
    expect(await page.getByRole('textbox', { name: 'Headline', exact: true }).inputValue()).toBe('BREAKING NEWS');
    expect(await page.getByRole('textbox', { name: 'Subheadline', exact: true }).inputValue()).toBe('Harbour reopens');
  });

  it('file centre: adds a file of a type and deletes it after confirmation', async () => {
    const owner = await loginDevOwner(app.server);
    const before = (await owner.get<CgFile[]>('/api/cg-files')).body.filter(
      (f) => f.type !== 'hashtag_bar' && f.type !== 'program_bar',
    ).length;
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    const card = page.getByTestId('cg-type-score1');
    const active = page.getByTestId('cg-active-files');
    await visible(active.getByText(`Active Files: ${before}`));
    await card.getByRole('button', { name: 'Add score1 file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add CG File' });
    await button(dialog, 'Create File').click();
    await visible(dialog.getByText('Content is required'));
    await dialog.getByRole('textbox', { name: 'Content' }).fill('3');
    await button(dialog, 'Create File').click();
    await expectHidden(dialog);
    await visible(card.getByTestId('cg-type-score1-content').getByText('3', { exact: true }));
    await expect.poll(() => cgFile('score1'), POLL).toBe('3');
    await visible(active.getByText(`Active Files: ${before + 1}`));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download score1' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('score1.txt');
    const saved = await download.path();
    expect(fs.readFileSync(saved, 'utf8')).toBe('3');

    // Clear keeps the file but blanks the graphic, after a confirmation naming what goes off air.
    await card.getByRole('button', { name: 'Clear score1' }).click();
    const clear = page.getByRole('dialog', { name: 'Clear CG file' });
    await button(clear, 'Clear').click();
    await visible(card.getByText('(empty)'));
    await expect.poll(() => cgFile('score1'), POLL).toBe('');

    await card.getByRole('button', { name: 'Delete score1' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete CG file' });
    await button(confirm, 'Delete').click();
    await visible(card.getByText('No file'));
    await expect.poll(() => cgFile('score1'), POLL).toBe('');
    await visible(active.getByText(`Active Files: ${before}`));
  });

  it('the preview cycles approved news and pushes each title to the selected CG type', async () => {
    const owner = await loginDevOwner(app.server);
    await createNews(owner, { title: 'Draft never airs' });
    const older = await createApprovedNews(owner, { title: 'Older approved story' });
    const newer = await createApprovedNews(owner, { title: 'Newer approved story' });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    const panel = preview(page);
    await choose(page, 'CG Type', 'infoline');
    const title = panel.getByTestId('cg-preview-title');
    await visible(title.getByText(newer.title));
    expect(await title.getAttribute('dir')).toBe('rtl');

    await button(panel, 'Next').click();
    await visible(title.getByText(older.title));
    await expect.poll(() => cgFile('infoline'), POLL).toBe(older.title);
    await expect.poll(() => panel.getByText('Draft never airs').count()).toBe(0);
    // Wraps around at both ends.
    await button(panel, 'Previous').click();
    await visible(title.getByText(newer.title));
    await button(panel, 'Previous').click();
    await visible(title.getByText(older.title));

    await button(panel, 'Edit').click();
    await panel.getByRole('textbox', { name: 'CG text' }).fill('Edited for air');
    await button(panel, 'Save').click();
    await expect.poll(() => cgFile('infoline'), POLL).toBe('Edited for air');
    await visible(button(panel, 'Edit'));

    await button(panel, 'News').click();
    await page
      .getByTestId('cg-news-picker')
      .getByRole('button', { name: `Jump to ${newer.title}` })
      .click();
    await expect.poll(() => cgFile('infoline'), POLL).toBe(newer.title);
  });

  it('live bulletin mode: items in order, breaks not pushed, auto-play, bulletin choice', async () => {
    const owner = await loginDevOwner(app.server);
    const { companyId, id: userId } = owner.user;
    const first = await createApprovedNews(owner, { title: 'Bulletin story one' });
    const second = await createApprovedNews(owner, { title: 'Bulletin story two' });
    const draft = await createNews(owner, { title: 'Bulletin draft story' });
    await createBulletin(app.server, companyId, userId, {
      title: 'Early',
      broadcastTime: '18:00',
      items: [{ type: 'news', newsId: second.id }],
    });
    await createBulletin(app.server, companyId, userId, {
      title: 'Evening',
      broadcastTime: '20:00',
      items: [
        { type: 'news', newsId: first.id },
        { type: 'break', breakType: 'SPORTS BREAK' },
        { type: 'news', newsId: draft.id },
        { type: 'news', newsId: second.id },
      ],
    });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    const panel = preview(page);
    await choose(page, 'CG Type', 'titlebar');
    await button(panel, 'Bulletin').click();
    await visible(button(panel, 'Live'));
    const position = panel.getByTestId('cg-preview-position');
    // The draft is left out: three items.
    await visible(position.getByText('1 / 3'));
    await visible(panel.getByTestId('cg-preview-title').getByText(first.title));

    await button(panel, 'Next Item').click();
    await visible(panel.getByTestId('cg-preview-title').getByText('SPORTS BREAK'));
    await button(panel, 'Next Item').click();
    await expect.poll(() => cgFile('titlebar'), POLL).toBe(second.title);
    // Going past the break pushed only news: titlebar went straight to story two.

    await button(panel, 'Play').click();
    await visible(panel.getByTestId('cg-auto-play').getByText(/on/));
    await expect.poll(() => position.innerText(), { timeout: 7000, interval: 100 }).toBe('1 / 3');
    await expect.poll(() => cgFile('titlebar'), POLL).toBe(first.title);
    // Leaving and re-entering live mode resets auto-play to off.
    await button(panel, 'Live').click();
    await button(panel, 'Bulletin').click();
    await visible(panel.getByTestId('cg-auto-play').getByText('Auto Play off'));

    await choose(page, 'Select Bulletin', 'Bulletin for 18:00');
    await visible(position.getByText('1 / 1'));
    await visible(panel.getByTestId('cg-preview-title').getByText(second.title));
  });

  it('an unwritable output folder raises a persistent red alert on every CG screen until a write succeeds', async () => {
    const operator = await app.newPage();
    await login(operator, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(operator);
    const watcher = await app.newPage();
    await login(watcher, DEV_OWNER.username, DEV_OWNER.password);
    // The watcher is on the dashboard: the alert must reach whoever is looking at the CG.
    await visible(watcher.getByTestId('cg-on-air-preview'));
    // A plain file where the folder was: every replace into it fails for real (as a locked file would).
    const folder = path.join(app.server.baseDir, 'cg_output');
    fs.rmSync(folder, { recursive: true, force: true });
    fs.writeFileSync(folder, 'not a folder');
    try {
      await operator.getByRole('textbox', { name: 'Headline', exact: true }).fill('Never aired');
      await button(operator, 'Headline').click();
      for (const page of [operator, watcher]) {
        const banner = page.getByTestId('cg-write-failure');
        await visible(banner.getByText('CG output write failed: headline'));
        await visible(banner.getByText(/^CG output could not be written/));
      }
      expect(await operator.getByTestId('cg-preview-headline').innerText()).not.toBe('Never aired');
    } finally {
      fs.rmSync(folder);
    }
    await operator.getByRole('textbox', { name: 'Headline', exact: true }).fill('Back on air');
    await button(operator, 'Headline').click();
    await expect.poll(() => cgFile('headline'), POLL).toBe('Back on air');
    await expectHidden(watcher.getByTestId('cg-write-failure'));
    await expectHidden(operator.getByTestId('cg-write-failure'));
  });

  it('a cameraman sees the on-air preview but no write controls', async () => {
    const owner = await loginDevOwner(app.server);
    const cameraman = await createUser(owner, app.server, 'cameraman');
    const article = await createApprovedNews(owner, { title: 'Seen but not sent' });
    const page = await app.newPage();
    await login(page, cameraman.user.username, cameraman.password);
    await openCgControl(page);
    // Wait for the data, so the absence of buttons below is not just a page still loading.
    await visible(page.getByTestId(`recent-news-${article.id}`));
    await visible(preview(page).getByTestId('cg-preview-title'));
    await visible(page.getByTestId('cg-on-air-preview'));
    await visible(page.getByTestId('cg-read-only'));
    await visible(page.getByTestId('cg-file-centre'));
    for (const name of [
      'Headline',
      'Subheadline',
      'Override',
      'Hashtag',
      'Program',
      'Generate News Crawler',
      'Send to CG',
      'Next',
      'Bulletin',
    ]) {
      expect(await button(page, name).count(), name).toBe(0);
    }
    expect(await page.getByRole('button', { name: /^Add .* file$/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Delete|Edit|Clear) / }).count()).toBe(0);
  });
});
