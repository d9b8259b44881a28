/**
 * Screenshots of the App Version screen for a human to look at: the card and the all-companies
 * table, the create dialog after an upload, at desktop and phone size:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-app-version-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { upload, zipBytes } from '../../server/modules/app-versions/app-version-test-helpers';
import { createCompany, loginDevOwner } from '../../server/test/factories';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots';
const shoot = shooter(outDir, true);

async function seed(server: TestServer): Promise<void> {
  const dev = await loginDevOwner(server);
  const file = (
    await upload(dev, 'CGBridge-Setup-2.4.1.exe', Buffer.concat([Buffer.from('MZ'), zipBytes(3_456_789).subarray(2)]))
  ).body;
  await dev.post('/api/app-version', {
    latestVersion: '2.4.1',
    releaseNotes: 'Faster CG writes under load.\nApp Version screen with installer uploads.',
    downloadFileName: file.originalName,
    downloadUrl: file.downloadUrl,
    fileSize: file.fileSize,
    checksum: file.checksum,
  });
  for (const [name, version] of [
    ['Harbour TV', '2.3.0'],
    ['Island Radio & Television Corporation', '2.4.0-beta.2'],
  ] as const) {
    const { companyId } = await createCompany(dev, server, name);
    await dev.post('/api/app-version', {
      companyId,
      latestVersion: version,
      releaseNotes: 'Pilot',
      downloadFileName: 'CGBridgeSetup.msi',
      fileSize: 98_765_432,
      isPublic: version === '2.3.0',
    });
  }
}

async function screens(page: Page, size: string): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await page.goto('/app-version');
  await page.getByTestId('current-version-card').waitFor();
  await page.getByText('Harbour TV').first().waitFor();
  await shoot(page, `${size}-app-version`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog', { name: 'Edit Version' }).waitFor();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-shot-'));
  const installer = path.join(folder, 'CGBridge-Setup-2.5.0.zip');
  fs.writeFileSync(installer, zipBytes(2_000_000));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Installer' }).click();
  await (await chooser).setFiles(installer);
  await page.locator('.mantine-Notification-root').getByText('File uploaded successfully').waitFor();
  // The browser reads the picked file while uploading: removed only after the upload's answer.
  fs.rmSync(folder, { recursive: true, force: true });
  await shoot(page, `${size}-app-version-edit`);
}

await screenshotRun(outDir, (page, size) => screens(page, size), seed);
