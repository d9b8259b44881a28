/**
 * Screenshots of /telegram with a connected bot (fake Bot API), desktop and phone:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-telegram-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { startFakeTelegram } from '../../server/test/fake-telegram';
import { createBotStation } from '../../server/test/telegram-station';
import type { TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-telegram';
const shoot = shooter(outDir, true);
const fake = await startFakeTelegram();
let admin: { user: { username: string }; password: string } | null = null;

async function seed(server: TestServer): Promise<void> {
  admin = (await createBotStation(server, fake)).admin;
}

async function screens(page: Page, size: Size): Promise<void> {
  if (!admin) throw new Error('not seeded');
  await login(page, admin.user.username, admin.password);
  await page.goto('/telegram');
  await page.getByTestId('bot-status').getByText('Connected', { exact: true }).waitFor();
  await shoot(page, `${size}-telegram`);
  await page.getByRole('button', { name: 'Update CG Bar' }).click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, `${size}-cg-bar-dialog`);
}

try {
  await screenshotRun(outDir, screens, seed, { telegram: { apiRoot: fake.url, pollTimeoutSeconds: 1 } });
} finally {
  await fake.close();
}
