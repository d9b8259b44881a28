import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { SystemAddresses } from '../shared/contracts/system';
import { createUser, loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import {
  expectHidden,
  expectNoHorizontalOverflow,
  login,
  menuLabels,
  shell,
  visible,
  waitForPath,
} from './support/pages';

const POLL = { timeout: 10_000 };
const FRAME = { width: 1920, height: 1080 };

/**
 * Issue 25, /outputs: the overlay URL on the server's LAN address (the server listens on every
 * interface, as `npm start` does), Copy, Rotate key, the layout form and its live preview.
 */
describe('/outputs', () => {
  const app = useApp(() => ({ host: '0.0.0.0' }));

  async function openOutputs(page: Page): Promise<string> {
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await shell(page).menuLink('Outputs').click();
    await waitForPath(page, '/outputs');
    await visible(page.getByRole('heading', { name: 'Outputs', exact: true }));
    const url = await visible(page.getByTestId('overlay-url'));
    // The page's own origin shows until the server's LAN addresses arrive; then the first of them.
    const { addresses } = (await (await loginDevOwner(app.server)).get<SystemAddresses>('/api/system/addresses')).body;
    if (addresses[0])
      await expect.poll(() => url.innerText(), POLL).toMatch(new RegExp(`^${addresses[0].replace(/[.]/g, '\\.')}/`));
    return url.innerText();
  }

  async function overlayAt(url: string): Promise<Page> {
    const page = await app.newPage(FRAME);
    await page.goto(url);
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'true');
    return page;
  }

  it('shows the overlay URL on the LAN address; Copy puts it on the clipboard; it opens the live overlay', async () => {
    const owner = await loginDevOwner(app.server);
    const { addresses } = (await owner.get<SystemAddresses>('/api/system/addresses')).body;
    expect(addresses.length, 'this machine has a LAN address').toBeGreaterThan(0);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'On air from the LAN' });
    const page = await app.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    const url = await openOutputs(page);
    expect(url).toMatch(new RegExp(`^${addresses[0]}/overlay/[A-Za-z0-9_-]{43}$`));
    await page.getByRole('button', { name: 'Copy overlay URL' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), POLL).toBe(url);
    const overlay = await overlayAt(url);
    await visible(overlay.getByText('On air from the LAN'));
  });

  it('Rotate key asks first (Cancel keeps it); rotating blanks the old overlay at once; the new URL works', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Before the rotation' });
    const page = await app.newPage();
    const oldUrl = await openOutputs(page);
    const oldOverlay = await overlayAt(oldUrl);
    await visible(oldOverlay.locator('.l3[data-on="true"]'));

    await page.getByRole('button', { name: 'Rotate key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the overlay key?' });
    // The question counts the overlays it will blank (read again as it opens): at least the one above.
    await visible(dialog.getByText(/overlays? (is|are) connected now/));
    expect(await dialog.getByText('No overlay is connected now.').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    expect(await page.getByTestId('overlay-url').innerText()).toBe(oldUrl);

    // By keyboard this time: focus the button, Enter opens the question, Escape closes it, Enter again.
    await page.getByRole('button', { name: 'Rotate key' }).focus();
    await page.keyboard.press('Enter');
    await visible(dialog);
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    await page.getByRole('button', { name: 'Rotate key' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Rotate key' }).click();
    await visible(page.getByText('Overlay key rotated'));
    await expect.poll(() => page.getByTestId('overlay-url').innerText(), POLL).not.toBe(oldUrl);
    const newUrl = await page.getByTestId('overlay-url').innerText();

    await oldOverlay.waitForFunction(
      () =>
        document.querySelector('.l3')?.getAttribute('data-on') === 'false' &&
        document.documentElement.dataset.connected === 'false',
    );
    expect(await oldOverlay.locator('.headline').innerText()).toBe('');
    const newOverlay = await overlayAt(newUrl);
    await visible(newOverlay.getByText('Before the rotation'));
  });

  it('the preview shows unsaved layout changes; Save reaches every overlay; a bad value is refused before sending', async () => {
    const page = await app.newPage();
    const url = await openOutputs(page);
    const output = await overlayAt(url);
    const preview = page.frameLocator('iframe[title="Overlay preview"]');
    const accentOf = (stage: Locator) => stage.evaluate((el: HTMLElement) => el.style.getPropertyValue('--accent'));
    await expect.poll(() => accentOf(preview.locator('#stage')), POLL).toBe('#c8102e');
    // Sample text is on by default in the preview only.
    await visible(preview.getByText('Sample breaking news bar'));
    expect(await output.getByText('Sample breaking news bar').count()).toBe(0);

    const accent = page.getByLabel('Accent colour');
    await accent.fill('#00aa55');
    await accent.press('Tab');
    await expect.poll(() => accentOf(preview.locator('#stage')), POLL).toBe('#00aa55');
    expect(await accentOf(output.locator('#stage'))).toBe('#c8102e');

    await page.getByRole('button', { name: 'Save layout' }).click();
    await visible(page.getByText('Layout saved'));
    await expect.poll(() => accentOf(output.locator('#stage')), POLL).toBe('#00aa55');

    const fontSize = page.getByLabel('Font size (px)');
    await fontSize.fill('200');
    await visible(page.getByText('Font size must be at most 72 px'));
    expect(await page.getByRole('button', { name: 'Save layout' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Undo changes' }).click();
    expect(await fontSize.inputValue()).toBe('40');
  });

  it('an editor has no Outputs in the menu, and /outputs says so without asking the server', async () => {
    const owner = await loginDevOwner(app.server);
    const editor = await createUser(owner, app.server, 'editor');
    const page = await app.newPage();
    await login(page, editor.user.username, editor.password);
    expect(await menuLabels(page)).not.toContain('Outputs');
    const asked: string[] = [];
    page.on('request', (r) => {
      // The header's summary (/api/outputs/status) is every role's; the page's own reads are not.
      if (r.url().includes('/api/outputs') && !r.url().includes('/api/outputs/status')) asked.push(r.url());
    });
    await page.goto('/outputs');
    await visible(page.getByTestId('outputs-no-access'));
    expect(asked).toEqual([]);
  });

  it('works on a phone: nothing wider than the screen; URL, Rotate key and Save reachable', async () => {
    const page = await app.newPage(PHONE);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/outputs');
    await visible(page.getByTestId('overlay-url'));
    await visible(page.getByTestId('overlay-preview'));
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    await page.getByRole('button', { name: 'Rotate key' }).scrollIntoViewIfNeeded();
    await visible(page.getByRole('button', { name: 'Rotate key' }));
    await page.getByRole('button', { name: 'Save layout' }).scrollIntoViewIfNeeded();
    await visible(page.getByRole('button', { name: 'Save layout' }));
  });
});
