import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unpack } from '../server/modules/station-export/station-export-support';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

/** Issue 41: Settings → Export station data downloads the owner's own station; admins do not see it. */
describe('Station export card', () => {
  const app = useApp();

  it("the owner downloads their station's archive; an admin has no card", async () => {
    const dev = await loginDevOwner(app.server);
    const station = await createCompany(dev, app.server, 'Export Station');
    const admin = await createUser(station.owner, app.server, 'admin');
    const page = await app.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, station.owner.user.username, station.ownerPassword);
    await page.goto('/settings');
    const card = await visible(page.getByTestId('settings-station-export'));
    await visible(card.getByText('passwords (every user sets a new one)', { exact: false }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cg-bridge-export-station-\d{4}-\d\d-\d\d\.tar$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'station-export-e2e-')), 'export.tar');
    await download.saveAs(file);
    const archive = await unpack(fs.readFileSync(file));
    expect(archive.manifest.station).toMatchObject({ id: station.companyId, name: 'Export Station' });
    await visible(page.getByText('Export downloaded'));

    const adminPage = await app.newPage();
    await login(adminPage, admin.user.username, admin.password);
    await adminPage.goto('/settings');
    await visible(adminPage.getByTestId('settings-branding'));
    expect(await adminPage.getByTestId('settings-station-export').count()).toBe(0);
  });
});
