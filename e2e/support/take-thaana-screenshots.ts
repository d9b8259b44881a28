/**
 * Screenshots for issue 38 points 9 and 10: a Dhivehi/English news card, and the overlay at
 * 1920×1080 with a Thaana headline over an English subheadline and a mixed crawler — one picture
 * per kind of moment on the strip (English neighbours, Dhivehi neighbours, and, where the strip
 * allows it, an English line beside a Thaana one):
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-thaana-screenshots.ts [outDir] [prefix]
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { OverlayOutput } from '../../shared/contracts/overlay';
import { loginDevOwner } from '../../server/test/factories';
import { createNews } from '../../server/test/news-factory';
import { DEV_OWNER, startTestServer } from '../../server/test/test-server';
import { DESKTOP, launchChromium } from './app-fixture';
import { login } from './pages';

const outDir = process.argv[2] ?? '/tmp/shots';
const prefix = process.argv[3] ?? '';
const CRAWLER = [
  'Budget passed in parliament',
  'Ferry to Addu delayed by weather',
  'ރައްޔިތުންގެ މަޖިލީހުން ބަޖެޓް ފާސްކޮށްފި',
  'މާލޭގައި މިރޭ ވާރޭ ވެހުން',
];
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(outDir, `${prefix}${name}.png`) });

/** What the strip shows now: the scripts of the lines wholly inside the viewport, left to right. */
function visibleScripts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const vp = document.querySelector('.ticker-viewport')?.getBoundingClientRect();
    const items = [...document.querySelectorAll('.ticker-item')].map((el) => ({
      r: el.getBoundingClientRect(),
      t: el.textContent ?? '',
    }));
    const inside = vp
      ? items.filter(({ r }) => r.left >= vp.left && r.right <= vp.right).sort((a, b) => a.r.left - b.r.left)
      : [];
    return inside.map(({ t }) => (/[\u0780-\u07BF]/.test(t) ? 'T' : 'E')).join('');
  });
}

fs.mkdirSync(outDir, { recursive: true });
const server = await startTestServer({ withUi: true });
const browser = await launchChromium();
try {
  const owner = await loginDevOwner(server);
  await createNews(owner, { title: 'Parliament passes the budget', subtitle: 'Vote 52 to 30 after a late sitting' });
  await createNews(owner, { title: 'ރައްޔިތުންގެ މަޖިލީހުން ބަޖެޓް ފާސްކޮށްފި', subtitle: 'Budget passed: 52 votes to 30' });
  // Twice the pixels: the close-up of the cards is what the eye compares.
  const desk = await browser.newPage({ viewport: DESKTOP, baseURL: server.url, deviceScaleFactor: 2 });
  await login(desk, DEV_OWNER.username, DEV_OWNER.password);
  await desk.goto('/news');
  await desk.getByText('Budget passed: 52 votes to 30').first().waitFor();
  await desk.waitForTimeout(500);
  await shot(desk, 'news-card-thaana-english');
  const cards = desk.locator('[data-testid^="news-row-"]');
  const [first, last] = [await cards.first().boundingBox(), await cards.last().boundingBox()];
  if (first && last) {
    const clip = { x: first.x, y: first.y, width: first.width, height: last.y + last.height - first.y };
    await desk.screenshot({ path: path.join(outDir, `${prefix}news-card-thaana-english-closeup.png`), clip });
  }

  const cg = (type: string, content: string) => owner.post('/api/cg-files/update-direct', { type, content });
  await cg('headline', 'ރައްޔިތުންގެ މަޖިލީހުން ބަޖެޓް ފާސްކޮށްފި');
  await cg('subheadline', 'Budget passed: 52 votes to 30');
  const { path: overlayPath } = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, baseURL: server.url });
  await page.clock.install();
  await page.goto(overlayPath);
  await page.addStyleTag({
    content: 'html { background: linear-gradient(135deg, #1b2430, #3a4656 60%, #202a36) !important; }',
  });
  await page.waitForFunction(() => document.documentElement.dataset.connected === 'true');
  await cg('news_crawler', CRAWLER.join('\n'));
  await page.waitForTimeout(1000);
  await page.clock.pauseAt(Date.now() + 1000);
  const wanted = new Map([
    ['EE', 'overlay-crawler-english-run'],
    ['TT', 'overlay-crawler-dhivehi-run'],
    ['ET', 'overlay-crawler-english-then-thaana'],
    ['TE', 'overlay-crawler-thaana-then-english'],
  ]);
  for (let step = 0; step < 160 && wanted.size; step += 1) {
    await page.clock.runFor(500);
    const scripts = await visibleScripts(page);
    for (const [pair, name] of wanted) {
      if (!scripts.includes(pair)) continue;
      await shot(page, name);
      wanted.delete(pair);
    }
  }
  if (wanted.size) console.log(`Never on screen: ${[...wanted.keys()].join(', ')}`);
} finally {
  await browser.close();
  await server.close();
}
console.log(`Screenshots in ${outDir}`);
