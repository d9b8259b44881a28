/**
 * Screenshots of the on-air safety pieces for a human to look at: a toast (bottom-right, clear of
 * the header) and the unsaved-text confirmation, at desktop and phone size:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-safety-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { DEV_OWNER } from '../../server/test/test-server';
import { login, shell } from './pages';
import { screenshotRun, shooter } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots';
const shoot = shooter(outDir);

async function screens(page: Page, size: string): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await page.goto('/news');
  await shell(page).connection.getByText('Connected', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Create News' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create News' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('ދިވެހި ޚަބަރު — Harbour reopens');
  await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill('The harbour reopened at dawn.');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Discard unsaved text?' }).waitFor();
  await shoot(page, `${size}-unsaved-confirm`);
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await dialog.getByRole('button', { name: 'Create News' }).click();
  await page.locator('.mantine-Notification-root').first().waitFor();
  await shoot(page, `${size}-toast`);
  await page.goto('/cg-control');
  await shell(page).connection.getByText('Connected', { exact: true }).waitFor();
  await page.context().setOffline(true);
  await page.getByRole('textbox', { name: 'Headline', exact: true }).fill('Offline headline');
  await page.getByRole('textbox', { name: 'Headline', exact: true }).press('Enter');
  await page.locator('.mantine-Notification-root').first().waitFor();
  await shoot(page, `${size}-offline-toast`);
  await page.context().setOffline(false);
}

await screenshotRun(outDir, (page, size) => screens(page, size));
