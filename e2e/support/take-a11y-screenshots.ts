/**
 * Screenshots of the accessibility tour's key stops at desktop and phone size, to compare the
 * look before and after a contrast change (issue 27):
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-a11y-screenshots.ts [outDir] [all]
 */
import type { Page } from 'playwright-core';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { settle } from './a11y-audit';
import { seedA11yStation, type A11ySeed } from './a11y-seed';
import { SIGNED_IN_STOPS, SIGNED_OUT_STOPS } from './a11y-tour';
import { login } from './pages';
import { screenshotRun, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-a11y';
const everyStop = process.argv[3] === 'all';
const KEY = new Set([
  '/login',
  '/ (dashboard)',
  '/ user menu open',
  '/news',
  '/cg-control',
  '/cg-control emergency override dialog',
  '/bulletins Create Bulletin dialog',
  '/prompter full screen',
  '/equipment',
  '/field',
  '/settings',
  '/users',
]);

let seed: A11ySeed | undefined;
const fileName = (name: string) => name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';

async function screens(page: Page, size: Size): Promise<void> {
  if (!seed) throw new Error('not seeded');
  const pick = (name: string) => everyStop || KEY.has(name);
  for (const stop of SIGNED_OUT_STOPS.filter((s) => pick(s.name))) {
    await stop.open(page, seed);
    await settle(page);
    await page.screenshot({ path: `${outDir}/${size}-${fileName(stop.name)}.png` });
  }
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  for (const stop of SIGNED_IN_STOPS.filter((s) => pick(s.name))) {
    await stop.open(page, seed);
    await settle(page);
    await page.screenshot({ path: `${outDir}/${size}-${fileName(stop.name)}.png` });
  }
}

await screenshotRun(outDir, screens, async (server: TestServer) => {
  seed = await seedA11yStation(server);
});
