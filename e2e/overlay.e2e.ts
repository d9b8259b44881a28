import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OverlayOutput } from '../shared/contracts/overlay';
import { loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { visible } from './support/pages';

/**
 * Issue 25, the HTML overlay in Chromium against the built UI: POST update-direct → text painted
 * over 200 updates (measured and printed; the 100 ms p99 target is the bench's), Thaana drawn
 * with the bundled Noto Sans Thaana, and a reconnect that shows the current state.
 */
const FRAME = { width: 1920, height: 1080 };
const UPDATES = 200;
const WARM_UP = 10;

declare global {
  interface Window {
    /** text → when the frame that paints it ran (performance.timeOrigin + now, ms). */
    __painted?: Record<string, number>;
    /** text → when the DOM took it (the live message was handled). */
    __changed?: Record<string, number>;
  }
}

function quantiles(samples: number[]): { p50: number; p99: number; text: string } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return {
    p50: at(0.5),
    p99: at(0.99),
    text: `p50=${at(0.5).toFixed(1)} p99=${at(0.99).toFixed(1)} max=${at(1).toFixed(1)} ms`,
  };
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
    // A string, not a function: the test runner's transform may add helpers the page does not have.
    await page.evaluate(`(() => {
      const headline = document.querySelector('.headline');
      window.__painted = {};
      window.__changed = {};
      new MutationObserver(() => {
        const text = headline.textContent;
        window.__changed[text] = performance.timeOrigin + performance.now();
        requestAnimationFrame(() => { window.__painted[text] = performance.timeOrigin + performance.now(); });
      }).observe(headline, { childList: true, characterData: true, subtree: true });
    })()`);
  }

  // The figure (POST → painted, p99 < 100 ms over 200) is measured here and printed, and
  // held as a target in the bench (bench/table-overlay.ts): on this shared 2-core VM at load 7–8
  // the server's own answer (fsync + commit) alone reached a p99 of 111 ms, so it is not asserted
  // here (docs/decisions.md "Issue 25"). What this test asserts is that every update is painted.
  it(`paints each of ${UPDATES} headlines and reports POST → painted p50 / p99`, async () => {
    const { page, owner } = await openOverlay();
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Warming up' });
    await visible(page.locator('.l3[data-on="true"]'));
    await stampHeadlinePaints(page);
    const latencies: number[] = [];
    // Where the time goes, for the report: the server's answer, the DOM change, the paint.
    const parts = { answered: [] as number[], inDom: [] as number[] };
    for (let i = 0; i < UPDATES + WARM_UP; i += 1) {
      const text = `Paint check ${i}`;
      const sent = performance.timeOrigin + performance.now();
      const res = await owner.post('/api/cg-files/update-direct', { type: 'headline', content: text });
      if (i >= WARM_UP) parts.answered.push(performance.timeOrigin + performance.now() - sent);
      expect(res.status).toBe(200);
      const painted = await page
        .waitForFunction((t) => window.__painted?.[t], text, { polling: 'raf' })
        .catch(async (err: unknown) => {
          const state = await page.evaluate(() => ({
            shown: document.querySelector('.headline')?.textContent,
            connected: document.documentElement.dataset.connected,
          }));
          throw new Error(`update ${i} ("${text}") not painted: page shows ${JSON.stringify(state)}; ${String(err)}`);
        });
      if (i >= WARM_UP) {
        latencies.push(Number(await painted.jsonValue()) - sent);
        parts.inDom.push((await page.evaluate((t) => window.__changed?.[t] ?? NaN, text)) - sent);
      }
    }
    const paint = quantiles(latencies);
    console.log(
      `overlay paint after POST update-direct: n=${latencies.length} ${paint.text}; server answered ${quantiles(parts.answered).text}; in the DOM ${quantiles(parts.inDom).text}; load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    expect(latencies.length).toBe(UPDATES);
    expect(latencies.every((ms) => ms > 0 && Number.isFinite(ms))).toBe(true);
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
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.connected === 'true' &&
        document.querySelector('.headline')?.textContent === 'Written during the drop',
      undefined,
      { timeout: 15_000 },
    );
    await visible(page.locator('.breaking[data-on="true"]'));
    // Cleared while away: the snapshot takes it off air too.
    app.server.overlayHub.disconnectAll();
    await owner.post('/api/cg-files/update-direct', { type: 'breakingnews', content: '' });
    await page.waitForFunction(
      () => document.querySelector('.breaking')?.getAttribute('data-on') === 'false',
      undefined,
      { timeout: 15_000 },
    );
  });

  it('shows the station’s own label words — Thaana right to left — as soon as the layout is saved', async () => {
    const { page, owner } = await openOverlay();
    const output = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
    const labels = { breakingLabel: 'ބްރޭކިންގ', tickerLabel: 'ޚަބަރު', emergencyLabel: 'ކުއްލި' };
    expect(
      (await owner.put('/api/outputs/overlay/layout', { ...output.layout, ...labels, version: output.layoutVersion }))
        .status,
    ).toBe(200);
    await page.waitForFunction(
      (want) => document.querySelector('.ticker-label')?.textContent === want,
      labels.tickerLabel,
    );
    expect(await page.locator('.breaking .label').textContent()).toBe(labels.breakingLabel);
    expect(await page.locator('.emergency-label').textContent()).toBe(labels.emergencyLabel);
    expect(await page.locator('.ticker-label').evaluate((n) => getComputedStyle(n).direction)).toBe('rtl');
    expect(
      (await owner.put('/api/outputs/overlay/layout', { ...output.layout, version: output.layoutVersion + 1 })).status,
    ).toBe(200);
    await page.waitForFunction(() => document.querySelector('.ticker-label')?.textContent === 'News');
  });

  it('the clock follows a change of the station time zone at once, without a reconnect', async () => {
    const { page, owner } = await openOverlay();
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'true');
    expect((await owner.put('/api/settings', { timeZone: 'Asia/Kolkata' })).status).toBe(200);
    await page.waitForFunction(() => document.querySelector<HTMLElement>('.clock')?.dataset.zone === 'Asia/Kolkata');
    const shown = await page.locator('.clock').textContent();
    const expected = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    }).format(new Date());
    // The minute may turn between the two reads.
    expect([
      expected,
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Kolkata',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      }).format(new Date(Date.now() - 60_000)),
    ]).toContain(shown);
  });

  it('the ticker keeps running when a line is added: no jump back to the start', async () => {
    const { page, owner } = await openOverlay();
    await owner.post('/api/news-crawler/clear');
    await owner.post('/api/news-crawler/add-headline', { headline: 'First line of the crawler' });
    await page.waitForFunction(() => document.querySelector('.ticker-item') !== null);
    await page.waitForTimeout(1500);
    // One item on screen, followed by its left edge: the strip's transform resets by an item's
    // width whenever one leaves (by design), but nothing on screen may move back.
    await page
      .locator('.ticker-item')
      .first()
      .evaluate((el) => el.setAttribute('data-probe', ''));
    const leftOfProbe = () =>
      page.locator('.ticker-item[data-probe]').evaluate((el) => el.getBoundingClientRect().left);
    const before = await leftOfProbe();
    await owner.post('/api/news-crawler/add-headline', { headline: 'Second line, added while running' });
    await page.waitForFunction(
      () => [...document.querySelectorAll('.ticker-item')].some((e) => e.textContent?.startsWith('Second line')),
      undefined,
      { timeout: 15_000 },
    );
    const after = await leftOfProbe();
    expect(after).toBeLessThan(before);
    expect(await page.locator('.ticker-item').first().getAttribute('data-probe')).toBe('');
  });
});
