import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OverlayOutput } from '../shared/contracts/overlay';
import { loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { visible } from './support/pages';

/**
 * Issue 25, the HTML overlay in Chromium against the built UI: POST update-direct → text painted
 * (p99 < 100 ms over 200 updates, the one timing), Thaana drawn with the bundled Noto
 * Sans Thaana, and a reconnect that shows the current state.
 */
const FRAME = { width: 1920, height: 1080 };
const UPDATES = 200;
const WARM_UP = 10;

declare global {
  interface Window {
    /** text → when the frame that paints it started (performance.timeOrigin + now, ms). */
    __painted?: Record<string, number>;
  }
}

describe('HTML overlay', () => {
  const app = useApp();

  async function openOverlay(): Promise<{ page: Page; owner: Awaited<ReturnType<typeof loginDevOwner>> }> {
    const owner = await loginDevOwner(app.server);
    const { path } = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
    const page = await app.newPage(FRAME);
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'true');
    return { page, owner };
  }

  /**
   * In the page: every new headline text is stamped with the time of the animation frame after
   * the DOM change — the frame that paints it. Same clock as the test's (both wall-clock based).
   */
  async function stampHeadlinePaints(page: Page): Promise<void> {
    await page.evaluate(() => {
      const headline = document.querySelector('.headline');
      if (!headline) throw new Error('no headline element');
      window.__painted = {};
      new MutationObserver(() => {
        const text = headline.textContent ?? '';
        requestAnimationFrame(() => {
          window.__painted ??= {};
          window.__painted[text] = performance.timeOrigin + performance.now();
        });
      }).observe(headline, { childList: true, characterData: true, subtree: true });
    });
  }

  it(`paints a headline within 100 ms of the POST (p99 over ${UPDATES} updates)`, async () => {
    const { page, owner } = await openOverlay();
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Warming up' });
    await visible(page.locator('.l3[data-on="true"]'));
    await stampHeadlinePaints(page);
    const latencies: number[] = [];
    for (let i = 0; i < UPDATES + WARM_UP; i += 1) {
      const text = `Paint check ${i}`;
      const sent = performance.timeOrigin + performance.now();
      const res = await owner.post('/api/cg-files/update-direct', { type: 'headline', content: text });
      expect(res.status).toBe(200);
      const painted = await page.waitForFunction((t) => window.__painted?.[t], text, { polling: 'raf' });
      if (i >= WARM_UP) latencies.push(Number(await painted.jsonValue()) - sent);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
    console.log(`overlay paint after POST update-direct: n=${sorted.length} p50=${at(0.5).toFixed(1)} ms p99=${at(0.99).toFixed(1)} ms max=${at(1).toFixed(1)} ms`);
    expect(sorted.length).toBe(UPDATES);
    expect(at(0.99)).toBeLessThan(100);
  }, 180_000);

  it('draws Dhivehi with the bundled Noto Sans Thaana (a web font, not a system fallback), right to left', async () => {
    const { page, owner } = await openOverlay();
    const thaana = 'ރައްޔިތުންގެ މަޖިލީހުން ބަޖެޓް ފާސްކޮށްފި';
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: thaana });
    await owner.post('/api/news-crawler/clear');
    await owner.post('/api/news-crawler/add-headline', { headline: 'މާލޭގައި މިރޭ ވާރޭ ވެހުން' });
    await page.waitForFunction((t) => document.querySelector('.headline')?.textContent === t, thaana);
    await page.waitForFunction(() => document.querySelector('.ticker-item') !== null);
    await page.evaluate(() => document.fonts.ready);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    for (const selector of ['.headline', '.ticker-item']) {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      const noto = fonts.find((f) => f.familyName === 'Noto Sans Thaana');
      expect({ selector, noto }).toMatchObject({ selector, noto: { isCustomFont: true } });
      // Every glyph but the spaces (outside the face's unicode-range) comes from the web font.
      const others = fonts.filter((f) => f !== noto).reduce((n, f) => n + f.glyphCount, 0);
      expect(noto?.glyphCount ?? 0, JSON.stringify(fonts)).toBeGreaterThan(others);
    }
    expect(await page.locator('.headline').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await page.locator('.ticker-track').getAttribute('data-direction')).toBe('rtl');
  });

  it('after the server closes its socket, reconnects by itself and shows the current state, not the old one', async () => {
    const { page, owner } = await openOverlay();
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Before the drop' });
    await page.waitForFunction(() => document.querySelector('.headline')?.textContent === 'Before the drop');
    app.server.overlayHub.disconnectAll();
    // Written while the overlay is away: it never gets this as a change, only in the next snapshot.
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Written during the drop' });
    await owner.post('/api/cg-files/update-direct', { type: 'breakingnews', content: 'Breaking during the drop' });
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'true' && document.querySelector('.headline')?.textContent === 'Written during the drop', undefined, { timeout: 15_000 });
    await visible(page.locator('.breaking[data-on="true"]'));
    // Cleared while away: the snapshot takes it off air too.
    app.server.overlayHub.disconnectAll();
    await owner.post('/api/cg-files/update-direct', { type: 'breakingnews', content: '' });
    await page.waitForFunction(() => document.querySelector('.breaking')?.getAttribute('data-on') === 'false', undefined, { timeout: 15_000 });
  });

  it('the ticker keeps running when a line is added: no jump back to the start', async () => {
    const { page, owner } = await openOverlay();
    await owner.post('/api/news-crawler/clear');
    await owner.post('/api/news-crawler/add-headline', { headline: 'First line of the crawler' });
    await page.waitForFunction(() => document.querySelector('.ticker-item') !== null);
    await page.waitForTimeout(1500);
    // One item on screen, followed by its left edge: the strip's transform resets by an item's
    // width whenever one leaves (by design), but nothing on screen may move back.
    await page.locator('.ticker-item').first().evaluate((el) => el.setAttribute('data-probe', ''));
    const leftOfProbe = () => page.locator('.ticker-item[data-probe]').evaluate((el) => el.getBoundingClientRect().left);
    const before = await leftOfProbe();
    await owner.post('/api/news-crawler/add-headline', { headline: 'Second line, added while running' });
    await page.waitForFunction(() => [...document.querySelectorAll('.ticker-item')].some((e) => e.textContent?.startsWith('Second line')), undefined, { timeout: 15_000 });
    const after = await leftOfProbe();
    expect(after).toBeLessThan(before);
    expect(await page.locator('.ticker-item').first().getAttribute('data-probe')).toBe('');
  });
});
