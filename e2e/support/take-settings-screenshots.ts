/**
 * Screenshots of /settings (every section, a new key shown once, the too-dark colour warning) and
 * of the no-access message, at desktop 1366×768 and phone size, for a human to look at:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-settings-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { createUser, loginDevOwner } from '../../server/test/factories';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-settings';
const shoot = shooter(outDir, true);
let editor = { username: '', password: '' };

async function seed(server: TestServer): Promise<void> {
  const owner = await loginDevOwner(server);
  await owner.post('/api/company/api-keys', { name: 'vMix PC studio 1', permissions: ['cg_files'] });
  await owner.post('/api/company/api-keys', { name: 'Newsroom wall', permissions: ['cg_files', 'news'] });
  const user = await createUser(owner, server, 'editor');
  editor = { username: user.user.username, password: user.password };
}

async function screens(page: Page, size: Size): Promise<void> {
  // The office PCs in the control room run 1366×768; the runner's desktop is larger.
  if (size === 'desktop') await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Branding' }).waitFor();
  await shoot(page, `${size}-settings`);

  const groups = page.getByRole('region', { name: 'Group Settings' });
  await groups.getByRole('textbox', { name: 'Primary Group ID' }).fill('-100123');
  await groups.getByRole('button', { name: 'Find Topics' }).click();
  await groups.getByTestId('group-topics').waitFor();
  await groups.screenshot({ path: `${outDir}/${size}-settings-find-topics.png` });
  await page.reload();
  await page.getByRole('heading', { name: 'Branding' }).waitFor();

  await page.getByRole('button', { name: 'Create API Key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByLabel('Name').fill('Studio 2 CasparCG');
  await dialog.getByRole('button', { name: 'Create API Key' }).click();
  await page.getByRole('dialog', { name: 'API Key Created' }).waitFor();
  await shoot(page, `${size}-settings-new-key`);
  await page.getByRole('button', { name: 'Done' }).click();

  const primary = page.getByRole('textbox', { name: 'Primary colour' });
  await primary.fill('#101010');
  await primary.blur();
  await page.getByRole('region', { name: 'Branding' }).scrollIntoViewIfNeeded();
  await shoot(page, `${size}-settings-too-dark`);
  // A light brand colour: filled labels must turn dark (autoContrast) on every screen.
  await primary.fill('#eab308');
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await page.goto('/cg-control');
  await page.getByText('News Crawler Management').waitFor();
  await shoot(page, `${size}-cg-control-branded`);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await page.getByText('Branding updated', { exact: false }).waitFor();

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await login(page, editor.username, editor.password);
  await page.goto('/settings');
  await page.getByTestId('settings-no-access').waitFor();
  await shoot(page, `${size}-settings-editor`);
}

await screenshotRun(outDir, screens, seed);
