/**
 * Screenshots of the on-air screens DURING an emergency, desktop and phone, for a human to look at:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-on-air-screenshots.ts [outDir]
 */
import { loginDevOwner } from '../../server/test/factories';
import { createApprovedNews, createNews } from '../../server/test/news-factory';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login, shell } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';
import type { Page } from 'playwright-core';

const outDir = process.argv[2] ?? '/tmp/shots-on-air';
const shoot = shooter(outDir, true);
const WARNING = 'TSUNAMI WARNING: residents of all coastal islands move to higher ground immediately';

async function seed(server: TestServer): Promise<void> {
  const owner = await loginDevOwner(server);
  await createApprovedNews(owner, {
    title: 'Ferry services resume after the storm',
    subtitle: 'First boats leave Malé at noon',
  });
  await createApprovedNews(owner, { title: 'Budget passes with 52 votes', subtitle: null });
  await createNews(owner, { title: 'Unconfirmed: airport runway closed' });
  await owner.post('/api/news-crawler/generate');
  await owner.post('/api/cg-files/emergency', {
    content: WARNING,
    headline: WARNING,
    subheadline: 'Follow instructions from the National Disaster Management Authority',
  });
}

async function screens(page: Page, size: Size, server: TestServer): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await shell(page).connection.getByText('Connected', { exact: true }).waitFor();
  await page.getByTestId('emergency-bar').waitFor();
  await shoot(page, `${size}-dashboard-emergency`);
  await page.goto(`${server.url}/cg-control`);
  await page.getByTestId('emergency-bar').waitFor();
  await shoot(page, `${size}-cg-control-emergency`);
}

await screenshotRun(outDir, screens, seed);
