import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEV_OWNER } from '../server/test/test-server';
import { createCompany, loginDevOwner } from '../server/test/factories';
import { PHONE, useApp } from './support/app-fixture';
import { expectHidden, expectNoHorizontalOverflow, login, menuLabels, shell, visible } from './support/pages';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-appver-e2e-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A few MB that pass the server's ZIP check (PK\x03\x04 first), random after that. */
function writeInstaller(name: string, size: number): { file: string; bytes: Buffer } {
  const bytes = randomBytes(size);
  Buffer.from('504b0304', 'hex').copy(bytes);
  const file = path.join(tmp, name);
  fs.writeFileSync(file, bytes);
  return { file, bytes };
}

async function openAppVersion(page: Page): Promise<void> {
  await shell(page).menuLink('App Version').click();
  await visible(page.getByRole('heading', { name: 'App Version', exact: true }));
}

async function pickFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Installer' }).click();
  await (await chooser).setFiles(file);
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').getByText(text, { exact: true });

describe('app version', () => {
  const app = useApp();

  it('creates a version with an uploaded installer, downloads the same bytes, deletes it', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openAppVersion(page);
    await visible(page.getByText('Manage Windows application versions and distributions'));
    await visible(page.getByText('No app version configured for your company'));
    await visible(page.getByText('No app versions found across all companies'));

    await page.getByRole('button', { name: 'Create First Version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Version' });
    await dialog.getByRole('textbox', { name: 'Version' }).fill('2.4.1');
    await dialog.getByRole('textbox', { name: 'Release Notes' }).fill('Faster CG writes.\nNew App Version screen.');
    const { file, bytes } = writeInstaller('CGBridge-Setup-2.4.1.zip', 6 * 1024 * 1024 + 12_345);
    const sha = createHash('sha256').update(bytes).digest('hex');
    await pickFile(page, file);
    await visible(dialog.getByRole('progressbar', { name: 'Upload progress' }));
    await visible(toast(page, 'File uploaded successfully'));
    await visible(dialog.getByTestId('upload-percent').getByText('100%'));
    expect(await dialog.getByRole('textbox', { name: 'Download File Name' }).inputValue()).toBe(
      'CGBridge-Setup-2.4.1.zip',
    );
    expect(await dialog.getByRole('textbox', { name: 'Checksum' }).inputValue()).toBe(sha);
    expect(await dialog.getByRole('textbox', { name: 'File Size' }).inputValue()).toBe(String(bytes.length));
    await dialog.getByRole('button', { name: 'Create Version' }).click();
    await expectHidden(dialog);
    await visible(toast(page, 'App version created successfully'));

    const card = page.getByTestId('current-version-card');
    await visible(card.getByTestId('current-version').getByText('2.4.1'));
    expect(await card.getByTestId('current-size').innerText()).toBe(`${(bytes.length / 1024 / 1024).toFixed(2)} MB`);
    expect(await card.getByTestId('current-checksum').innerText()).toBe(sha.slice(0, 8));
    const row = page.getByTestId('version-row-1');
    await visible(row.getByText('Station A'));
    await visible(row.getByText('CGBridge-Setup-2.4.1.zip'));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('CGBridge-Setup-2.4.1.zip');
    const saved = path.join(tmp, 'downloaded.zip');
    await download.saveAs(saved);
    expect(fs.readFileSync(saved).equals(bytes)).toBe(true);

    await row.getByRole('button', { name: 'Delete Station A' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete app version' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await visible(toast(page, 'App version deleted successfully'));
    await visible(page.getByText('No app version configured for your company'));
    await visible(page.getByText('No app versions found across all companies'));
  });

  it('checks required fields and refuses wrong files before sending', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openAppVersion(page);
    await page.getByRole('button', { name: 'Create Version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Version' });
    await dialog.getByRole('button', { name: 'Create Version' }).click();
    await visible(dialog.getByText('Version is required'));
    await visible(dialog.getByText('Release notes are required'));
    await visible(dialog.getByText('Download filename is required'));
    const notes = path.join(tmp, 'notes.txt');
    fs.writeFileSync(notes, 'not an installer');
    await pickFile(page, notes);
    await visible(toast(page, 'Please select a .exe, .msi or .zip file'));
    await visible(page.locator('.mantine-Notification-root').getByText('Upload failed'));
    // A file named .zip that is not one: its first bytes are checked before sending (same rule and text as the server).
    const fake = path.join(tmp, 'fake.zip');
    fs.writeFileSync(fake, 'plain text pretending to be a zip');
    await pickFile(page, fake);
    await visible(page.locator('.mantine-Notification-root').getByText(/fake\.zip is not a ZIP archive/));
  });

  it('a dev creates a version for another company, which targets the dev’s own', async () => {
    const dev = await loginDevOwner(app.server);
    const { companyId } = await createCompany(dev, app.server, 'Harbour TV');
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openAppVersion(page);
    await page.getByRole('button', { name: 'Create Version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Version' });
    await dialog.getByLabel('Company', { exact: true }).click();
    await page.getByRole('option', { name: 'Harbour TV' }).click();
    await dialog.getByLabel('Target Companies', { exact: true }).click();
    await page.getByRole('option', { name: 'Station A' }).click();
    await dialog.getByRole('textbox', { name: 'Version' }).fill('3.0.0');
    await dialog.getByRole('textbox', { name: 'Release Notes' }).fill('Harbour pilot');
    await dialog.getByRole('textbox', { name: 'Download File Name' }).fill('HarbourSetup.msi');
    await dialog.getByRole('button', { name: 'Create Version' }).click();
    await expectHidden(dialog);
    await visible(page.getByTestId(`version-row-${companyId}`).getByText('Harbour TV'));
    // Station A has no version of its own, so the public one that targets it is its current one.
    await visible(page.getByTestId('current-version').getByText('3.0.0'));
    await dev.delete(`/api/app-version/${companyId}`);
  });

  it('follows changes made elsewhere over the live channel', async () => {
    const dev = await loginDevOwner(app.server);
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openAppVersion(page);
    await visible(page.getByText('No app version configured for your company'));
    await dev.post('/api/app-version', {
      latestVersion: '5.0.0',
      releaseNotes: 'Pushed from elsewhere',
      downloadFileName: 'Setup.exe',
    });
    await visible(page.getByTestId('current-version').getByText('5.0.0'));
    await visible(page.getByTestId('version-row-1').getByText('5.0.0'));
    await dev.delete('/api/app-version/1');
    await visible(page.getByText('No app version configured for your company'));
  });

  it('fits a phone screen: the table scrolls inside its card, the page does not', async () => {
    const dev = await loginDevOwner(app.server);
    const { companyId } = await createCompany(dev, app.server, 'Island Radio & Television Corporation');
    await dev.post('/api/app-version', {
      companyId,
      latestVersion: '2.4.0-beta.2',
      releaseNotes: 'Pilot',
      downloadFileName: 'CGBridgeSetup-long-name.msi',
    });
    const page = await app.newPage(PHONE);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/app-version');
    await visible(page.getByTestId(`version-row-${companyId}`));
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    await dev.delete(`/api/app-version/${companyId}`);
  });

  it('is not in the menu of a non-dev owner', async () => {
    const dev = await loginDevOwner(app.server);
    const { owner, ownerPassword } = await createCompany(dev, app.server);
    const page = await app.newPage();
    await login(page, owner.user.username, ownerPassword);
    const labels = await menuLabels(page);
    expect(labels).toContain('Users');
    expect(labels).not.toContain('App Version');
  });
});
