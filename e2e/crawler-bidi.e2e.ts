import { describe, expect, it } from 'vitest';
import type { OverlayOutput } from '../shared/contracts/overlay';
import { loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';
import { pairGaps, stripSnapshot, type PairGap, type StripLine } from './support/ticker-strip';

/**
 * Issue 38 point 9: a crawler of Dhivehi and English lines. The strip took one direction by
 * majority, so the other script ran backwards (its last word first), and the "■" separators,
 * drawn by each line at its own inline end, doubled between an English and a Thaana line and
 * vanished after it. Each line must read and travel its own way, one separator between each pair
 * of neighbours, the same room on both sides of it, everywhere the crawler is shown.
 */
const ENGLISH = ['Budget passed in parliament', 'Ferry to Addu delayed by weather'];
const DHIVEHI = ['ރައްޔިތުންގެ މަޖިލީހުން ބަޖެޓް ފާސްކޮށްފި', 'މާލޭގައި މިރޭ ވާރޭ ވެހުން'];
const isThaana = (text: string) => /[\u0780-\u07BF]/.test(text);
/** Two equal halves: the old majority rule ran this strip left, Thaana included. */
const MIXED = [...ENGLISH, ...DHIVEHI];
/** The strip is stepped by the page's paused clock: every snapshot is of a still strip. */
const STEP_MS = 750;
/** Enough for both scripts to cross the 1920 px frame, with a change of direction each way. */
const STEPS = 90;
/** A separator's room each side may differ by pixel rounding and glyph side bearings (±1.5 px), not by design. */
const EVEN_PX = 3;

const rgb = (hex: string): [number, number, number] =>
  [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Lines that moved against their reading direction between two snapshots. */
function wrongWay(before: Map<number, StripLine>, lines: StripLine[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const dx = line.left - (before.get(line.id)?.left ?? line.left);
    if (dx !== 0 && dx > 0 !== isThaana(line.text)) out.push(`"${line.text}" moved ${dx.toFixed(0)} px`);
    before.set(line.id, line);
  }
  return out;
}

describe('a mixed Dhivehi/English crawler', () => {
  const app = useApp();

  it('on the overlay: every line reads and runs its own way, one evenly spaced separator between neighbours', async () => {
    const owner = await loginDevOwner(app.server);
    const { path, layout } = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
    const page = await app.newPage({ width: 1920, height: 1080 });
    await page.clock.install();
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'true');
    await owner.post('/api/cg-files/update-direct', { type: 'news_crawler', content: MIXED.join('\n') });
    await page.waitForFunction(() => (document.querySelector('.ticker-track')?.textContent ?? '') !== '');
    // A transition the overlay replaces rejects its `finished` (AbortError): wait for the ones after it too.
    await page.evaluate(async () => {
      for (let round = 0; round < 5; round++) {
        const running = document.getAnimations().filter((a) => a.playState !== 'finished');
        if (!running.length) return;
        await Promise.allSettled(running.map((a) => a.finished));
      }
    });
    // The page's time stands still from here: only runFor moves the strip, never a screenshot's wait.
    await page.clock.pauseAt(Date.now() + 1000);

    const positions = new Map<number, StripLine>();
    const backwards: string[] = [];
    const misread: string[] = [];
    const pairs: PairGap[] = [];
    const moved = new Set<string>();
    for (let step = 0; step < STEPS; step += 1) {
      await page.clock.runFor(STEP_MS);
      const snap = await stripSnapshot(page, rgb(layout.accentColor));
      for (const line of snap.lines) {
        if (line.direction !== (isThaana(line.text) ? 'rtl' : 'ltr'))
          misread.push(`"${line.text}" reads ${line.direction}`);
        if (positions.has(line.id) && positions.get(line.id)?.left !== line.left) moved.add(line.text);
      }
      backwards.push(...wrongWay(positions, snap.lines));
      pairs.push(...pairGaps(snap));
    }

    expect([...new Set(misread)]).toEqual([]);
    expect([...new Set(backwards)].slice(0, 5)).toEqual([]);
    expect([...moved].sort()).toEqual([...MIXED].sort());
    const uneven = pairs
      .filter((p) => p.separators !== 1)
      .map((p) => `${p.separators} separators between "${p.between[0]}" and "${p.between[1]}"`);
    expect([...new Set(uneven)]).toEqual([]);
    // Neighbours of both scripts were on screen, and every separator had the same room each side.
    expect(pairs.some((p) => p.between.every(isThaana))).toBe(true);
    expect(pairs.some((p) => !p.between.some(isThaana))).toBe(true);
    const gaps = pairs.flatMap((p) => p.gaps);
    expect(
      Math.max(...gaps) - Math.min(...gaps),
      `gaps ${Math.min(...gaps).toFixed(1)}–${Math.max(...gaps).toFixed(1)} px`,
    ).toBeLessThanOrEqual(EVEN_PX);
  }, 120_000);

  it('on CG Control: the crawler display shows each line in its own direction', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/news-crawler/clear');
    for (const headline of [ENGLISH[0], DHIVEHI[0]]) await owner.post('/api/news-crawler/add-headline', { headline });
    const page = await app.newPage();
    await page.clock.install();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/cg-control');
    const line = page.getByTestId('news-crawler-display').getByTestId('crawler-display-line');
    await visible(line.getByText(ENGLISH[0] ?? ''));
    expect(await line.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await page.clock.fastForward(30_000);
    await page.clock.fastForward(30_500);
    await visible(line.getByText(DHIVEHI[0] ?? ''));
    expect(await line.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
  });
});
