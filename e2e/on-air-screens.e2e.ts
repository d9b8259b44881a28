import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createUser, loginDevOwner } from '../server/test/factories';
import { createApprovedNews, createNews } from '../server/test/news-factory';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { expectHidden, isOnScreen, login, visible } from './support/pages';

const POLL = { timeout: 5000, interval: 50 } as const;
/** Another desk must see an emergency within this, over the live channel. */
const LIVE_MS = 2000;

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const headlineInput = (page: Page) => page.getByRole('textbox', { name: 'Headline', exact: true });

async function openCgControl(page: Page): Promise<void> {
  await page.goto('/cg-control');
  await visible(page.getByRole('heading', { name: 'CG Control', exact: true }));
}

/** A real paste event carrying the text, as the browser fires it for Ctrl+V. */
async function paste(input: Locator, text: string): Promise<void> {
  await input.focus();
  await input.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describe('on-air screens', () => {
  const app = useApp();
  /** Exactly what the graphics program reads: <baseDir>/cg_output/<type>.txt. */
  const cgFile = (type: string) => {
    const file = path.join(app.server.baseDir, 'cg_output', `${type}.txt`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };

  it('folds 50 pasted lines into one visibly, counts past the limit and cannot send it', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Already on air' });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    await visible(page.getByTestId('cg-preview-headline').getByText('Already on air'));

    const input = headlineInput(page);
    await input.fill('');
    const wire = Array.from({ length: 50 }, (_, i) => `Wire line ${i + 1} of the agency copy`).join('\n');
    await paste(input, wire);
    const value = await input.inputValue();
    expect(value).toBe(Array.from({ length: 50 }, (_, i) => `Wire line ${i + 1} of the agency copy`).join(' '));
    const editor = page.getByTestId('cg-control-panel');
    await visible(editor.getByText('Line breaks folded into spaces'));
    await visible(editor.getByText(`${[...value].length} / 120`, { exact: true }));
    await visible(editor.getByText(`Headline must be at most 120 characters (this text has ${[...value].length})`));
    expect(await button(page, 'Headline').isDisabled()).toBe(true);
    expect(await button(page, 'Override').isDisabled()).toBe(false); // the override dialog checks its own text
    await input.press('Enter');
    await page.waitForTimeout(300);
    expect(cgFile('headline')).toBe('Already on air');

    // Shortened to fit, it goes.
    await input.fill('Wire line 1 of the agency copy');
    await visible(editor.getByText('30 / 120', { exact: true }));
    await button(page, 'Headline').click();
    await expect.poll(() => cgFile('headline'), POLL).toBe('Wire line 1 of the agency copy');
  });

  it('an emergency shows on every desk live, and one desk ends it after a confirmation', async () => {
    const owner = await loginDevOwner(app.server);
    const mcr = await createUser(owner, app.server, 'mcr', { fullName: 'Mo Control' });
    const a = await app.newPage();
    await login(a, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(a);
    const b = await app.newPage();
    await login(b, mcr.user.username, mcr.password);
    await openCgControl(b);
    const modeA = a.getByTestId('emergency-mode').first();
    expect(await modeA.getAttribute('aria-pressed')).toBe('false');

    // The header switch opens the override dialog.
    await modeA.click();
    const dialog = a.getByRole('dialog', { name: 'Activate emergency override?' });
    await dialog.getByRole('textbox', { name: 'Emergency text' }).fill('FLOOD WARNING FOR THE CAPITAL');
    await dialog.getByRole('textbox', { name: 'Subheadline' }).fill('Stay indoors');
    await button(dialog, 'Override').click();
    // The slate carries the second line under the text (issue 38).
    await expect.poll(() => cgFile('emergency'), POLL).toBe('FLOOD WARNING FOR THE CAPITAL\nStay indoors');

    await b.getByTestId('emergency-bar').getByText('FLOOD WARNING FOR THE CAPITAL').waitFor({ timeout: LIVE_MS });
    await b
      .getByTestId('header-emergency')
      .getByText('EMERGENCY: FLOOD WARNING FOR THE CAPITAL')
      .waitFor({ timeout: LIVE_MS });
    await visible(a.getByTestId('emergency-bar'));
    expect(await modeA.getAttribute('aria-pressed')).toBe('true');

    await button(b.getByTestId('emergency-bar'), 'End emergency').click();
    const confirm = b.getByRole('dialog', { name: 'End emergency?' });
    await visible(confirm.getByText('The headline and subheadline stay as they are now.', { exact: false }));
    await button(confirm, 'End emergency').click();
    await expect.poll(() => cgFile('emergency'), POLL).toBe('');
    // Nothing restored silently: the headline stays what the override put there.
    expect(cgFile('headline')).toBe('FLOOD WARNING FOR THE CAPITAL');
    await a.getByTestId('emergency-bar').waitFor({ state: 'hidden', timeout: LIVE_MS });
    await expectHidden(a.getByTestId('header-emergency'));
    await expectHidden(b.getByTestId('emergency-bar'));
    await expect.poll(() => modeA.getAttribute('aria-pressed'), POLL).toBe('false');
  });

  it('a slow API shows Loading, never "No headline on air", "0" or an empty ticker', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Slow but on air' });
    await owner.post('/api/news-crawler/add-headline', { headline: 'Slow ticker line' });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    // Held until released: as slow as it needs to be, and not a millisecond of sleep in the test.
    const release: (() => void)[] = [];
    let holding = true;
    for (const url of [/\/api\/cg-files$/, /\/api\/news-crawler\/content$/, /\/api\/news(\?|$)/]) {
      await page.route(url, async (route) => {
        if (holding) await new Promise<void>((resolve) => release.push(resolve));
        await route.continue();
      });
    }
    await openCgControl(page);
    await visible(page.getByTestId('cg-preview-loading').getByText('Loading…'));
    await visible(page.getByTestId('cg-files-loading'));
    await visible(page.getByTestId('crawler-loading'));
    await visible(page.getByTestId('crawler-display-loading'));
    await visible(page.getByTestId('recent-news-loading'));
    expect(await page.getByText('No headline on air').count()).toBe(0);
    expect(await page.getByText('No file', { exact: true }).count()).toBe(0);
    expect(await page.getByText('No news crawler content available').count()).toBe(0);
    expect(await page.getByText('No news items available').count()).toBe(0);
    expect(await page.getByTestId('crawler-count').innerText()).toBe('…');

    holding = false;
    release.forEach((go) => go());
    await visible(page.getByTestId('cg-preview-headline').getByText('Slow but on air'));
    await visible(page.getByTestId('crawler-display-line').getByText('Slow ticker line'));
  });

  it('Generate asks before replacing a non-empty ticker and names how many lines go', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/news-crawler/clear');
    for (const headline of ['Hand line one', 'Hand line two', 'Hand line three'])
      await owner.post('/api/news-crawler/add-headline', { headline });
    await createApprovedNews(owner, { title: 'Approved for the ticker' });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    const panel = page.getByTestId('news-crawler-panel');
    await visible(panel.getByTestId('crawler-source').getByText(/^Generated from the approved news, newest first/));
    await visible(panel.getByTestId('crawler-count').getByText('3'));

    await button(panel, 'Generate from Approved News').click();
    let ask = page.getByRole('dialog', { name: 'Replace the ticker?' });
    await visible(ask.getByText('Replace the 3 lines on the ticker with the approved news?'));
    await button(ask, 'Cancel').click();
    await expectHidden(ask);
    expect(cgFile('news_crawler')).toBe('Hand line one\nHand line two\nHand line three');

    // The control panel's Generate News Crawler asks the same.
    await button(page, 'Generate News Crawler').click();
    ask = page.getByRole('dialog', { name: 'Replace the ticker?' });
    await visible(ask.getByText('Replace the 3 lines on the ticker with the approved news?'));
    await button(ask, 'Replace').click();
    await expect.poll(() => cgFile('news_crawler')?.includes('Approved for the ticker'), POLL).toBe(true);
    expect(cgFile('news_crawler')).not.toContain('Hand line');
  });

  it('file centre: Clear asks while the file has text; Cancel keeps it on air', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/update-direct', { type: 'infoline', content: 'Polls close at eight' });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    const card = page.getByTestId('cg-type-infoline');
    await visible(card.getByText('Polls close at eight'));
    await button(card, 'Clear infoline').click();
    const ask = page.getByRole('dialog', { name: 'Clear CG file' });
    await visible(ask.getByText('Polls close at eight'));
    await button(ask, 'Cancel').click();
    await expectHidden(ask);
    expect(cgFile('infoline')).toBe('Polls close at eight');
    await button(card, 'Clear infoline').click();
    await button(page.getByRole('dialog', { name: 'Clear CG file' }), 'Clear').click();
    await expect.poll(() => cgFile('infoline'), POLL).toBe('');
  });

  it('Recent News asks before a draft goes on air', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Before the draft',
      subheadline: 'Old sub',
    });
    const draft = await createNews(owner, { title: 'Unchecked rumour', subtitle: null });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    const row = page.getByTestId(`recent-news-${draft.id}`);
    await button(row, 'Send to CG').click();
    let ask = page.getByRole('dialog', { name: 'Send to CG?' });
    await visible(ask.getByText(/This article is not approved/));
    await button(ask, 'Cancel').click();
    await expectHidden(ask);
    expect(cgFile('headline')).toBe('Before the draft');

    await button(row, 'Send to CG').click();
    ask = page.getByRole('dialog', { name: 'Send to CG?' });
    await button(ask, 'Send to CG').click();
    // Its (empty) subtitle goes with it: the old subheadline is cleared in the same write.
    await expect.poll(() => [cgFile('headline'), cgFile('subheadline')], POLL).toEqual(['Unchecked rumour', '']);
  });

  it('preview Next and Previous put headline and subheadline on air in one call', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Old story',
      subheadline: 'Old subheadline',
    });
    const older = await createApprovedNews(owner, { title: 'Older story, no subtitle', subtitle: null });
    const newer = await createApprovedNews(owner, { title: 'Newer story', subtitle: 'Newer subtitle' });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    const panel = page.getByTestId('cg-preview-panel');
    await visible(panel.getByTestId('cg-preview-title').getByText(newer.title));

    const sent = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/api/cg-files/update-direct'));
    await button(panel, 'Next').click();
    expect((await sent).postDataJSON()).toEqual({ type: 'headline', content: older.title, subheadline: '' });
    await expect.poll(() => [cgFile('headline'), cgFile('subheadline')], POLL).toEqual([older.title, '']);

    await button(panel, 'Previous').click();
    await expect.poll(() => [cgFile('headline'), cgFile('subheadline')], POLL).toEqual([newer.title, 'Newer subtitle']);
  });

  it('the ON AIR box keeps its height with long text; Override stays on screen on a phone', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Short', subheadline: '' });
    await owner.post('/api/cg-files/update-direct', { type: 'emergency', content: '' });
    const page = await app.newPage(PHONE);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    const box = page.getByTestId('cg-on-air-preview');
    await visible(box.getByText('Short'));
    const before = await box.boundingBox();

    const long = Array.from({ length: 12 }, () => 'WWWWWWWWW').join(' '); // 119 characters, every one wide
    const emergency = 'EVACUATE '.repeat(17).trim(); // 152 characters
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: long, subheadline: long });
    await owner.post('/api/cg-files/update-direct', { type: 'emergency', content: emergency });
    await visible(box.getByTestId('cg-preview-emergency'));
    await expect.poll(() => box.getByTestId('cg-preview-headline').getAttribute('title'), POLL).toBe(long);
    const after = await box.boundingBox();
    expect(after?.height).toBe(before?.height);
    expect((after?.x ?? 0) + (after?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(await isOnScreen(page, button(page, 'Override'))).toBe(true);
    // The full text is a keyboard focus away.
    await box.getByTestId('cg-preview-headline').focus();
    await visible(page.getByRole('tooltip').getByText(long));

    // File centre icons are fingertip-sized on a phone.
    for (const name of ['Download headline', 'Edit headline', 'Clear headline', 'Delete headline']) {
      const icon = await page.getByTestId('cg-type-headline').getByRole('button', { name, exact: true }).boundingBox();
      expect(Math.min(icon?.width ?? 0, icon?.height ?? 0), name).toBeGreaterThanOrEqual(40);
    }
  });
});
