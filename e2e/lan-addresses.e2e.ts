import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Equipment } from '../shared/contracts/equipment';
import type { SystemAddresses } from '../shared/contracts/system';
import { REPO_ROOT } from '../server/config';
import { createUser, loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

const POLL = { timeout: 10_000 };

/**
 * Issue 23, the MCR operator's needs: the addresses other staff open are shown where staff look
 * for them. The server listens on every interface (HOST=0.0.0.0, as `npm start` and the desktop
 * app do), so its LAN address is real; the browser opens it on localhost, as the desktop window does.
 */
describe('LAN addresses in Settings, on the dashboard and on the QR labels page', () => {
  const app = useApp(() => ({ host: '0.0.0.0' }));

  async function lanAddresses(): Promise<string[]> {
    const owner = await loginDevOwner(app.server);
    const { addresses } = (await owner.get<SystemAddresses>('/api/system/addresses')).body;
    expect(addresses.length, 'this machine has a LAN address').toBeGreaterThan(0);
    return addresses;
  }

  async function screenshot(page: Page, name: string): Promise<void> {
    fs.mkdirSync(path.join(REPO_ROOT, '.scratch'), { recursive: true });
    await page.screenshot({ path: path.join('.scratch', name), fullPage: false });
  }

  it('Settings lists every LAN address with a Copy button that puts it on the clipboard', async () => {
    const addresses = await lanAddresses();
    const page = await app.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/settings');
    const card = await visible(page.getByRole('region', { name: 'LAN addresses' }));
    await expect
      .poll(
        () => card.getByTestId('lan-address').evaluateAll((els) => els.map((e) => e.getAttribute('data-address'))),
        POLL,
      )
      .toEqual(addresses);
    expect(await card.innerText()).toContain(
      'Phones and browsers on the station network open CG Bridge at these addresses',
    );
    const first = addresses[0] ?? '';
    await card.getByRole('button', { name: `Copy ${first}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()), POLL).toBe(first);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-lan-addresses-1440.png');
  });

  it('an owner’s dashboard shows the LAN address; an editor’s does not (and does not ask for it)', async () => {
    const addresses = await lanAddresses();
    const owner = await app.newPage();
    await login(owner, DEV_OWNER.username, DEV_OWNER.password);
    const line = await visible(owner.getByTestId('dashboard-lan-addresses'));
    expect(await line.innerText()).toContain(addresses[0]);
    await screenshot(owner, 'dashboard-lan-addresses-1440.png');

    const ownerClient = await loginDevOwner(app.server);
    const editor = await createUser(ownerClient, app.server, 'editor');
    const page = await app.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/system/addresses')) asked.push(request.url());
    });
    await login(page, editor.user.username, editor.password);
    // The dashboard is there (its tiles and the crawler panel answered) without the line.
    await visible(page.getByText('News Crawler Management'));
    await visible(page.getByTestId('stat-equipment-out'));
    expect(await page.getByTestId('dashboard-lan-addresses').count()).toBe(0);
    expect(asked).toEqual([]);
  });

  it('an owner’s dashboard on a phone shows the line without overflowing', async () => {
    const addresses = await lanAddresses();
    const page = await app.newPage(PHONE);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    const line = await visible(page.getByTestId('dashboard-lan-addresses'));
    await line.scrollIntoViewIfNeeded();
    expect(await line.innerText()).toContain(addresses[0]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'dashboard-lan-addresses-390.png');
    await page.goto('/settings');
    await (await visible(page.getByRole('region', { name: 'LAN addresses' }))).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-lan-addresses-390.png');
  });

  it('the labels page opened on localhost encodes the server’s LAN address in the QR codes, without asking to type it', async () => {
    const addresses = await lanAddresses();
    const owner = await loginDevOwner(app.server);
    const item = (
      await owner.post<Equipment>('/api/equipment', {
        code: 'LAN-QR-1',
        name: 'Camera 4',
        location: 'Store',
        quantity: 1,
      })
    ).body;
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    expect(new URL(page.url()).hostname).toBe('localhost');
    await page.goto(`/equipment/labels?ids=${item.id}`);
    const label = page.getByTestId('equipment-label').first();
    const expected = `${addresses[0]}/field/equipment/LAN-QR-1`;
    await expect.poll(() => label.getAttribute('data-url'), POLL).toBe(expected);
    // What the QR encodes is named on the rendered code itself.
    await visible(label.getByRole('img', { name: `QR code for ${expected}` }).locator('svg'));
    const choice = await visible(page.getByTestId('lan-address-choice'));
    expect(await choice.getByLabel('LAN address', { exact: true }).inputValue()).toBe(addresses[0]);
    expect(await page.getByTestId('lan-address-warning').count()).toBe(0);
    await screenshot(page, 'labels-lan-address-1440.png');
  });
});
