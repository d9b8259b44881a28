/**
 * Screenshots of preview and take (issue 25), desktop and phone, for a human to look at:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-next-screenshots.ts [outDir]
 */
import type { Settings } from '../../shared/contracts/settings';
import { loginDevOwner } from '../../server/test/factories';
import { createApprovedNews } from '../../server/test/news-factory';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login, shell } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';
import type { Page } from 'playwright-core';

const outDir = process.argv[2] ?? '/tmp/shots-take';
const shoot = shooter(outDir, true);

async function seed(server: TestServer): Promise<void> {
  const owner = await loginDevOwner(server);
  await createApprovedNews(owner, {
    title: 'Ferry services resume after the storm',
    subtitle: 'First boats leave Malé at noon',
  });
  await owner.post('/api/cg-files/update-direct', {
    type: 'headline',
    content: 'Budget passes with 52 votes',
    subheadline: 'Opposition walks out',
  });
  await owner.post('/api/news-crawler/add-headline', { headline: 'Airport reopens at 6 am' });
  const { version } = (await owner.get<Settings>('/api/settings')).body;
  await owner.put('/api/settings', { takeMode: true, version });
  await owner.post('/api/cg-files/update-direct', {
    type: 'headline',
    content: 'މާލޭގައި ވަރުގަދަ ވާރޭ',
    subheadline: 'Heavy rain in Malé: schools closed today',
  });
  await owner.post('/api/cg-files/update-direct', { type: 'hashtag_bar', content: '#MaldivesWeather' });
  await owner.post('/api/news-crawler/add-headline', { headline: 'Staged: ferry timetable changes from Sunday' });
}

async function screens(page: Page, size: Size, server: TestServer): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await shell(page).connection.getByText('Connected', { exact: true }).waitFor();
  await page.goto(`${server.url}/cg-control`);
  await page.getByTestId('next-list').waitFor();
  await shoot(page, `${size}-cg-control-next`);
  await page.getByTestId('next-block').screenshot({ path: `${outDir}/${size}-next-block.png` });
  await page.goto(`${server.url}/`);
  await page.getByTestId('next-list').waitFor();
  await shoot(page, `${size}-dashboard-next`);
  await page.goto(`${server.url}/settings`);
  await page.getByTestId('settings-take-mode').waitFor();
  await page.getByTestId('settings-take-mode').scrollIntoViewIfNeeded();
  await shoot(page, `${size}-settings-take-mode`);
}

await screenshotRun(outDir, screens, seed);
