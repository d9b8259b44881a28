/**
 * Screenshots of the HTML overlay (issue 25) over a dark stand-in for video, with every element
 * on air (Latin and Thaana), then the full-screen emergency:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-overlay-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OverlayOutput } from '../../shared/contracts/overlay';
import { loginDevOwner } from '../../server/test/factories';
import { startTestServer } from '../../server/test/test-server';
import { launchChromium } from './app-fixture';

const outDir = process.argv[2] ?? '/tmp/shots-overlay';
fs.mkdirSync(outDir, { recursive: true });
const server = await startTestServer({ withUi: true });
const browser = await launchChromium();
try {
  const owner = await loginDevOwner(server);
  const cg = (type: string, content: string) => owner.post('/api/cg-files/update-direct', { type, content });
  await cg('titlebar', 'Live');
  await cg('headline', 'Parliament passes the budget after a late-night vote');
  await cg('subheadline', 'Vote 52 to 30 · opposition walks out');
  await cg('breakingnews', 'Ferry services suspended across the northern atolls');
  await cg('infoline', 'Weather: showers in Malé this evening, 29 °C');
  await cg('hashtag_bar', '#Budget2027');
  await cg('program_bar', 'Evening News');
  await cg('team1', 'MDV');
  await cg('score1', '2');
  await cg('team2', 'SRI');
  await cg('score2', '1');
  await cg('timer', "67'");
  await owner.post('/api/news-crawler/add-headline', { headline: 'Airport expansion opens its second runway' });
  await owner.post('/api/news-crawler/add-headline', { headline: 'Fisheries exports up 12 % this quarter' });
  await owner.post('/api/news-crawler/add-headline', { headline: 'Schools reopen on Sunday after the holidays' });
  const { path: overlayPath } = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, baseURL: server.url });
  await page.goto(overlayPath);
  // A dark, textured stand-in for the programme picture under the transparent page.
  await page.addStyleTag({
    content: 'html { background: linear-gradient(135deg, #1b2430, #3a4656 60%, #202a36) !important; }',
  });
  await page.waitForTimeout(2500);
  await page.screenshot({ path: path.join(outDir, 'overlay-latin.png') });
  await cg('headline', 'ރައްޔިތުންގެ މަޖިލީހުން ބަޖެޓް ފާސްކޮށްފި');
  await cg('subheadline', 'ތާއީދުކުރީ 52 މެންބަރުން');
  await owner.post('/api/news-crawler/clear');
  await owner.post('/api/news-crawler/add-headline', { headline: 'މާލޭގައި މިރޭ ވާރޭ ވެހުން' });
  await owner.post('/api/news-crawler/add-headline', { headline: 'ސްކޫލުތައް އާދީއްތަ ދުވަހު ހުޅުވާނެ' });
  await page.waitForTimeout(2500);
  await page.screenshot({ path: path.join(outDir, 'overlay-thaana.png') });
  await owner.put('/api/outputs/overlay/layout', {
    align: 'center',
    tickerPosition: 'top',
    safeArea: 3,
    accentColor: '#f5a000',
    barColor: '#111111',
    textColor: '#ffffff',
    fontSize: 48,
    tickerSpeed: 150,
    animation: 'fade',
    showClock: false,
  });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(outDir, 'overlay-layout-centre-top.png') });
  await owner.post('/api/cg-files/emergency', { content: 'Tsunami warning for all atolls\nMove to higher ground now' });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: path.join(outDir, 'overlay-emergency.png') });
} finally {
  await browser.close();
  await server.close();
}
console.log(`Screenshots in ${outDir}`);
