/**
 * Screenshots of the on-air screens DURING an emergency, desktop and phone, for a human to look at:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-on-air-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { loginDevOwner } from '../../server/test/factories';
import { createApprovedNews, createNews } from '../../server/test/news-factory';
import { DEV_OWNER, startTestServer } from '../../server/test/test-server';
import { DESKTOP, PHONE, launchChromium } from './app-fixture';
import { login, shell } from './pages';

const outDir = process.argv[2] ?? '/tmp/shots-on-air';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // let Mantine transitions finish so the picture is not mid-fade
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
  await page.screenshot({ path: path.join(outDir, `${name}-full.png`), fullPage: true });
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startTestServer({ withUi: true });
  const browser = await launchChromium();
  try {
    const owner = await loginDevOwner(server);
    await createApprovedNews(owner, { title: 'Ferry services resume after the storm', subtitle: 'First boats leave Malé at noon' });
    await createApprovedNews(owner, { title: 'Budget passes with 52 votes', subtitle: null });
    await createNews(owner, { title: 'Unconfirmed: airport runway closed' });
    await owner.post('/api/news-crawler/generate');
    await owner.post('/api/cg-files/emergency', {
      content: 'TSUNAMI WARNING: residents of all coastal islands move to higher ground immediately',
      headline: 'TSUNAMI WARNING: residents of all coastal islands move to higher ground immediately',
      subheadline: 'Follow instructions from the National Disaster Management Authority',
    });
    for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const context = await browser.newContext({ viewport, baseURL: server.url });
      const page = await context.newPage();
      await login(page, DEV_OWNER.username, DEV_OWNER.password);
      await shell(page).connection.getByText('Connected', { exact: true }).waitFor();
      await page.getByTestId('emergency-bar').waitFor();
      await shoot(page, `${size}-dashboard-emergency`);
      await page.goto(`${server.url}/cg-control`);
      await page.getByTestId('emergency-bar').waitFor();
      await shoot(page, `${size}-cg-control-emergency`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`Screenshots in ${outDir}`);
}

await main();
