import { describe, expect, it } from 'vitest';
import type { SystemAddresses } from '../shared/contracts/system';
import { createStation, createUser } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { createApiKeyInSettings, expectHidden, login, visible } from './support/pages';

/**
 * Issue 22 point 21: the new key's sync URL names an address the graphics PC can open, and the
 * table's "Last used" follows a use without a reload. The server listens on every interface
 * (HOST=0.0.0.0, as `npm start` does), so its LAN address is real and is fetched below.
 */
describe('API keys: LAN sync URL and Last used', () => {
  const app = useApp(() => ({ host: '0.0.0.0' }));

  it('shows the sync URL with the server’s LAN address, and Last used changes from Never after a sync', async () => {
    const station = await createStation(app.server);
    const admin = await createUser(station.owner, app.server, 'admin');
    const { addresses } = (await admin.get<SystemAddresses>('/api/system/addresses')).body;
    expect(addresses.length).toBeGreaterThan(0);
    const page = await app.newPage();
    // Opened on localhost, as the desktop app's own window is.
    await login(page, admin.user.username, admin.password);
    const { keys, shown } = await createApiKeyInSettings(page, 'CasparCG studio 2');
    const key = (await visible(shown.getByTestId('new-api-key'))).innerText();
    const urlText = shown.getByTestId('new-api-key-url');
    await expect.poll(() => urlText.innerText()).toBe(`${addresses[0]}/api/cg-files/sync?apiKey=${await key}`);
    expect(await shown.getByTestId('sync-address-warning').count()).toBe(0);
    if (addresses.length > 1) await visible(shown.getByRole('textbox', { name: 'Server address' }));
    await shown.screenshot({ path: '.scratch/api-key-lan-url.png' });
    const url = await urlText.innerText();
    await shown.getByRole('button', { name: 'Done' }).click();
    await expectHidden(shown);

    const row = keys.getByTestId('api-key-row-CasparCG studio 2');
    const lastUsed = row.getByRole('cell').nth(5);
    expect(await lastUsed.innerText()).toBe('Never');
    // The graphics PC's poll, through the address the dialog showed.
    const res = await fetch(url);
    expect(res.status).toBe(200);
    await expect.poll(() => lastUsed.innerText(), { timeout: 5000 }).not.toBe('Never');
    expect(Date.parse(await lastUsed.innerText())).not.toBeNaN();
  });
});
