/**
 * Screenshots of the notification preferences wizard, every step, desktop and phone:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-preferences-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { DEV_OWNER } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-preferences';
const shoot = shooter(outDir, true);

async function screens(page: Page, size: Size): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await page.goto('/notifications');
  await page.getByTestId('wizard-step-text').waitFor();
  for (let step = 1; step <= 5; step++) {
    if (step === 4) await page.getByRole('switch', { name: 'Quiet hours enabled' }).check({ force: true });
    if (step === 4) await page.getByRole('switch', { name: 'Weekend mode enabled' }).check({ force: true });
    await shoot(page, `${size}-step-${step}`);
    if (step < 5) await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
}

await screenshotRun(outDir, screens);
