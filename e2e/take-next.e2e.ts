import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CgNext } from '../shared/contracts/cg-next';
import type { OverlayOutput } from '../shared/contracts/overlay';
import { createUser, loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';
import { ensureTakeMode, openCgControl } from './support/take-mode';

/**
 * Issue 25, preview and take across two browsers: one desk stages, both see NEXT live, the other
 * takes (Enter), and the headline file and the HTML overlay change exactly once; a double-click
 * on Take sends one request and airs once; Escape clears.
 */
const POLL = { timeout: 5000, interval: 50 } as const;

declare global {
  interface Window {
    /** Every headline text the overlay page put on screen, in order. */
    __headlines?: string[];
  }
}

describe('preview and take', () => {
  const app = useApp();
  const cgFile = (type: string) => {
    const file = path.join(app.server.baseDir, 'cg_output', `${type}.txt`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };
  /** Headline texts that reached air (the CG engine's on-air changes: files, outputs, as-run). */
  const airedHeadlines: string[] = [];

  async function openOverlay(): Promise<Page> {
    const owner = await loginDevOwner(app.server);
    const { path: overlayPath } = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
    const page = await app.newPage({ width: 1920, height: 1080 });
    await page.goto(overlayPath);
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'true');
    await page.evaluate(`(() => {
      const headline = document.querySelector('.headline');
      window.__headlines = [];
      new MutationObserver(() => window.__headlines.push(headline.textContent)).observe(headline, { childList: true, characterData: true, subtree: true });
    })()`);
    return page;
  }

  it('one desk stages, both see NEXT, the other takes with Enter: file and overlay change once', async () => {
    app.server.services.cgFiles.changes.onChange((c) => {
      if (c.changed.headline !== undefined) airedHeadlines.push(c.changed.headline);
    });
    const owner = await loginDevOwner(app.server);
    const mcr = await createUser(owner, app.server, 'mcr', { fullName: 'Mariyam Control' });

    // The owner turns take mode on in Settings.
    const taker = await app.newPage();
    await login(taker, DEV_OWNER.username, DEV_OWNER.password);
    await taker.goto('/settings');
    // The switch saves at once and shows the saved state (a controlled switch).
    const toggle = taker.getByTestId('settings-take-mode').getByRole('switch', { name: 'Take mode' });
    await toggle.click();
    await expect.poll(() => toggle.isChecked(), POLL).toBe(true);
    expect((await owner.get<CgNext>('/api/cg-files/next')).body.takeMode).toBe(true);

    const stager = await app.newPage();
    await login(stager, mcr.user.username, mcr.password);
    await openCgControl(stager);
    await openCgControl(taker);
    const overlay = await openOverlay();

    const text = 'Harbour reopens after the storm';
    await stager.getByRole('textbox', { name: 'Headline', exact: true }).fill(text);
    await stager.getByRole('button', { name: 'Headline', exact: true }).click();
    // Both desks see NEXT within a second; nothing is on air yet.
    await stager.getByTestId('next-text-headline').getByText(text, { exact: true }).waitFor({ timeout: 1000 });
    await taker.getByTestId('next-text-headline').getByText(text, { exact: true }).waitFor({ timeout: 1000 });
    await visible(taker.getByTestId('next-block').getByText('Staged by Mariyam Control', { exact: false }));
    expect(cgFile('headline')).toBeNull();
    expect(airedHeadlines).toEqual([]);

    // The other desk takes with Enter (its focus is on the page, not in a field) — once Take has
    // armed: a NEXT another desk just changed waits for a look first (issue 38).
    await expect.poll(() => taker.getByTestId('next-take').getAttribute('data-armed'), POLL).toBe('true');
    await taker.keyboard.press('Enter');
    await expect.poll(() => cgFile('headline'), POLL).toBe(text);
    await overlay.locator('.headline').getByText(text, { exact: true }).waitFor();
    await stager.getByTestId('next-empty').waitFor({ timeout: 1000 });
    await taker.getByTestId('next-empty').waitFor({ timeout: 1000 });
    await stager.getByTestId('cg-preview-headline').getByText(text, { exact: true }).waitFor({ timeout: 1000 });
    await overlay.waitForTimeout(300);
    expect(airedHeadlines).toEqual([text]);
    expect(await overlay.evaluate(() => window.__headlines)).toEqual([text]);
  });

  it('a double-click on Take sends one request and airs once; Escape clears NEXT', async () => {
    const owner = await loginDevOwner(app.server);
    await ensureTakeMode(owner);
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    const takes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/api/cg-files/take')) takes.push(r.url());
    });
    const before = airedHeadlines.length;
    const text = 'Double-click lands once';
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: text });
    await page.getByTestId('next-text-headline').getByText(text, { exact: true }).waitFor();
    await page.getByTestId('next-take').dblclick();
    await expect.poll(() => cgFile('headline'), POLL).toBe(text);
    await page.getByTestId('next-empty').waitFor();
    await page.waitForTimeout(300);
    expect(takes).toHaveLength(1);
    expect(airedHeadlines.slice(before)).toEqual([text]);

    // Escape (focus not in a field) clears what is staged; air keeps what it had.
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Never aired' });
    await page.getByTestId('next-text-headline').getByText('Never aired', { exact: true }).waitFor();
    await page.locator('body').click({ position: { x: 5, y: 200 } });
    await page.keyboard.press('Escape');
    await page.getByTestId('next-empty').waitFor();
    expect(cgFile('headline')).toBe(text);
    // Enter in a text field types, it never takes.
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Stays staged' });
    await page.getByTestId('next-text-headline').getByText('Stays staged', { exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Headline', exact: true }).press('Enter');
    await page.waitForTimeout(300);
    expect(cgFile('headline')).toBe(text);
    expect(takes).toHaveLength(1);
  });

  it('during an emergency Take asks first; the override itself never waits in NEXT', async () => {
    const owner = await loginDevOwner(app.server);
    await ensureTakeMode(owner);
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openCgControl(page);
    await owner.delete('/api/cg-files/next');
    // The station's first emergency: the page's CG list has no emergency row, and its refetch
    // is held back, so only the live event can tell this page (the window CI once hit).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const cgList = (url: URL) => url.pathname === '/api/cg-files';
    await page.route(cgList, async (route) => {
      await held;
      await route.continue();
    });
    await owner.post('/api/cg-files/emergency', { content: 'FLOOD WARNING' });
    expect(cgFile('emergency')).toBe('FLOOD WARNING');
    await owner.post('/api/cg-files/update-direct', { type: 'infoline', content: 'Shelters open at the school' });
    // One socket, in order: NEXT on screen means the emergency event has been handled too.
    await page.getByTestId('next-text-infoline').waitFor();
    await page.getByTestId('next-take').click();
    const ask = page.getByRole('dialog', { name: 'Emergency on air' });
    await visible(ask.getByText('Take NEXT: Info line', { exact: true }));
    await visible(ask.getByText('FLOOD WARNING', { exact: true }));
    expect(cgFile('infoline')).toBeNull();
    release();
    // Lets the held refetches finish first (a plain unroute would answer them under the handler).
    await page.unrouteAll({ behavior: 'wait' });
    await ask.getByRole('button', { name: 'Send anyway' }).click();
    await expect.poll(() => cgFile('infoline'), POLL).toBe('Shelters open at the school');
    await owner.post('/api/cg-files/emergency/end');
  });
});
