/**
 * Screenshots of /bulletins (table with an over-time bulletin, the create dialog with items, the
 * preview, the empty state) at desktop and phone size, for a human to look at:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-bulletins-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { loginDevOwner } from '../../server/test/factories';
import { createApprovedNews } from '../../server/test/news-factory';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-bulletins';
const shoot = shooter(outDir);

async function seed(server: TestServer): Promise<void> {
  const owner = await loginDevOwner(server);
  const long = 'The council met late into the night to agree the harbour budget. '.repeat(12);
  const a = await createApprovedNews(owner, {
    title: 'Harbour budget agreed after late session',
    subtitle: 'Ferries resume at noon',
    content: long,
  });
  const b = await createApprovedNews(owner, { title: 'ދިވެހި ޚަބަރު: މާލޭގައި ވިއްސާރަ' });
  const c = await createApprovedNews(owner, { title: 'Football: national team wins friendly' });
  const post = (body: Record<string, unknown>) =>
    owner.post('/api/bulletins', { scheduledTime: new Date().toISOString(), ...body });
  await post({
    title: 'Morning Bulletin',
    broadcastTime: '09:00',
    duration: 30,
    bulletinItems: [
      { type: 'news', newsId: a.id },
      { type: 'break', breakType: 'LOCAL BREAK' },
      { type: 'news', newsId: c.id },
    ],
  });
  await post({
    title: 'ހެނދުނުގެ ޚަބަރު',
    broadcastTime: '12:00',
    duration: 2,
    bulletinItems: [
      { type: 'news', newsId: b.id },
      { type: 'break', breakType: 'LUI HABARU', durationSeconds: 180 },
    ],
  });
}

async function screens(page: Page, size: Size): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await page.goto('/bulletins');
  await page.getByTestId('bulletins-table').waitFor();
  await shoot(page, `${size}-bulletins`);

  await page.getByRole('button', { name: 'Create Bulletin' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Bulletin' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Evening News');
  await dialog.getByLabel('Broadcast time').fill('20:00');
  for (const title of ['Harbour budget agreed after late session', 'ދިވެހި ޚަބަރު: މާލޭގައި ވިއްސާރަ']) {
    await dialog.getByLabel('Approved news', { exact: true }).click();
    await page.getByRole('option', { name: title, exact: true }).click();
    await dialog.getByRole('button', { name: 'Add news' }).click();
  }
  await dialog.getByLabel('Break type', { exact: true }).click();
  await page.getByRole('option', { name: 'SPORTS BREAK', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add break' }).click();
  await shoot(page, `${size}-bulletins-create`);
  await dialog.getByRole('button', { name: 'Create Bulletin' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: 'Preview ހެނދުނުގެ ޚަބަރު' }).click();
  await page.getByRole('dialog', { name: 'Bulletin Preview' }).waitFor();
  await shoot(page, `${size}-bulletins-preview`);
}

await screenshotRun(outDir, screens, seed);
