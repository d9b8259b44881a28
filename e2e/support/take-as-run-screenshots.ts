/**
 * Screenshots of /as-run (desktop and phone) with a mixed log: web, phone, Thaana, a cleared
 * type, a formula-like text; the retention card in Settings and the API key dialog's scopes:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-as-run-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { createCompany, loginDevOwner } from '../../server/test/factories';
import type { TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-as-run';
const shoot = shooter(outDir, true);
let owner: { username: string; password: string } | null = null;

async function seed(s: TestServer): Promise<void> {
  const station = await createCompany(await loginDevOwner(s), s, 'As-Run Station');
  owner = { username: station.owner.user.username, password: station.ownerPassword };
  const post = (type: string, content: string, headers: Record<string, string> = {}) =>
    station.owner.request('POST', '/api/cg-files/update-direct', { type, content }, headers);
  await post('headline', 'Parliament passes the budget');
  await post('headline', 'ރައްޔިތުންގެ މަޖިލީހުން ބަޖެޓް ފާސްކޮށްފި');
  await post('infoline', 'Ferry times changed today', { 'X-CGB-Source': 'phone' });
  await post('titlebar', '=SUM(A1:A9)');
  await post('infoline', '');
  await s.asRunRecorder.flush();
}

async function screens(page: Page, size: Size): Promise<void> {
  if (!owner) throw new Error('not seeded');
  await login(page, owner.username, owner.password);
  await page.goto('/as-run');
  await page.getByTestId('as-run-row').first().waitFor();
  await shoot(page, `${size}-as-run`);
  // The retention field in Settings and the control scopes where keys are made.
  await page.goto('/settings');
  const card = page.getByTestId('settings-as-run');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${outDir}/${size}-settings-as-run.png` });
  await page.getByRole('button', { name: 'Create API Key' }).first().click();
  await page.getByRole('dialog', { name: 'Create API Key' }).waitFor();
  await shoot(page, `${size}-api-key-scopes`);
}

await screenshotRun(outDir, screens, seed);
