/**
 * Screenshots of the dashboard with the bell open (8 notifications: urgent and breaking news, an
 * overdue loan, approvals) and the Online MCR tile, desktop and phone, for a human to look at:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-bell-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { createUser, loginDevOwner } from '../../server/test/factories';
import { createEquipment, requestEquipment } from '../../server/test/equipment-factory';
import { createNews } from '../../server/test/news-factory';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login, shell } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-bell';
const shoot = shooter(outDir);

async function seed(server: TestServer): Promise<void> {
  const owner = await loginDevOwner(server);
  const cameraman = await createUser(owner, server, 'cameraman');
  const camera = await createEquipment(owner, { name: 'Sony FX6 camera kit', quantity: 5 });
  const due = new Date(server.clock.now().getTime() + 60_000).toISOString();
  const loan = await requestEquipment(cameraman, camera.id, { expectedReturnDate: due });
  await owner.put(`/api/equipment-requests/${loan.id}/approve`);
  await cameraman.put(`/api/equipment-requests/${loan.id}/checkout`);
  server.clock.advance(5 * 60_000);
  await requestEquipment(cameraman, camera.id);
  await requestEquipment(cameraman, camera.id);
  const returned = await requestEquipment(cameraman, camera.id);
  await owner.put(`/api/equipment-requests/${returned.id}/approve`);
  await cameraman.put(`/api/equipment-requests/${returned.id}/return`);
  for (const title of [
    'Flooding closes the ring road',
    'Minister resigns after vote',
    'Stadium evacuated during match',
    'Power cut across the east side',
  ]) {
    await createNews(owner, { title, priority: 'breaking' });
  }
  await createNews(owner, { title: 'Earthquake felt across the region — live updates to follow', priority: 'urgent' });
}

async function screens(page: Page, size: Size): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await page.getByTestId('tile-online-mcr').waitFor();
  await shell(page).bell.click();
  await page.getByTestId('bell-dropdown').waitFor();
  await shoot(page, `${size}-dashboard-bell-open`);
  await page.keyboard.press('Escape');
  await shoot(page, `${size}-dashboard`);
}

await screenshotRun(outDir, screens, seed);
