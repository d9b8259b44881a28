/**
 * Screenshots of /wires (fake feed server): an owner with healthy, Thaana and failing feeds, desktop
 * and phone:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-wires-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { createCompany, loginDevOwner } from '../../server/test/factories';
import { startFakeFeeds } from '../../server/test/fake-feeds';
import { addFeed } from '../../server/test/wires-helpers';
import type { TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-wires';
const shoot = shooter(outDir, true);
const feeds = await startFakeFeeds();
let owner: { username: string; password: string } | null = null;

async function seed(s: TestServer): Promise<void> {
  const station = await createCompany(await loginDevOwner(s), s, 'Wires Station');
  owner = { username: station.owner.user.username, password: station.ownerPassword };
  await addFeed(station.owner, feeds, '/rss.xml', 'RSS Agency');
  await addFeed(station.owner, feeds, '/atom.xml', 'Atom Agency');
  await addFeed(station.owner, feeds, '/thaana.xml', 'ތާނަ ނޫސް');
  await addFeed(station.owner, feeds, '/malformed.xml', 'Broken Desk');
  await addFeed(station.owner, feeds, '/huge.xml', 'Huge Feed');
}

async function screens(page: Page, size: Size): Promise<void> {
  if (!owner) throw new Error('not seeded');
  await login(page, owner.username, owner.password);
  await page.goto('/wires');
  await page.getByRole('article').first().waitFor();
  await shoot(page, `${size}-wires`);
}

try {
  await screenshotRun(outDir, screens, seed);
} finally {
  await feeds.close();
}
