/**
 * Screenshots of the main screens at desktop and phone size, for a human to look at:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { createUser, loginDevOwner } from '../../server/test/factories';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login, shell } from './pages';
import { screenshotRun, shooter } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots';
const shoot = shooter(outDir);

async function screens(page: Page, size: string, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await shoot(page, `${size}-login-errors`);
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await shell(page).connection.getByText('Connected', { exact: true }).waitFor();
  await shoot(page, `${size}-dashboard`);
  await shell(page).bell.click();
  await shoot(page, `${size}-bell`);
  await page.keyboard.press('Escape');
  await page.goto(`${baseUrl}/users`);
  await page.getByTestId('user-row-devowner').waitFor();
  await shoot(page, `${size}-users`);
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.getByRole('button', { name: 'Create User' }).click();
  await shoot(page, `${size}-users-add`);
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Edit mcr_/ })
    .first()
    .click();
  await shoot(page, `${size}-users-edit`);
  await page.keyboard.press('Escape');
  await page.goto(`${baseUrl}/nowhere`);
  await shoot(page, `${size}-404`);
  if (size === 'phone') {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await shoot(page, `${size}-menu-open`);
  }
}

async function seed(server: TestServer): Promise<void> {
  const owner = await loginDevOwner(server);
  await createUser(owner, server, 'mcr', {
    fullName: 'Maya Control',
    email: 'maya@station.example',
    telegramId: '5551234567',
  });
  await createUser(owner, server, 'cameraman', { fullName: 'Carl Camera' });
  await createUser(owner, server, 'admin', { fullName: 'Ada Admin', email: 'ada@station.example' });
}

await screenshotRun(outDir, (page, size, server) => screens(page, size, server.url), seed);
