import { chromium, type Page } from 'playwright-core';
import type { ApiClient } from '../server/test/api-client';
import { CHROMIUM_ARGS, ensureWebBuilt } from './prompter-frames';
import { nowMs, summarize, type Summary } from './stats';

/**
 * Issue 25, the HTML overlay in headless Chromium at 1920×1080:
 *  - ticker: a 60 s scroll of the crawler (a line added every 10 s, as a desk does): intervals
 *    between rAF callbacks, how many exceed 2× the frame interval (the figure), and the
 *    on-screen speed of the text itself — one item's left edge frame to frame, so a jump on an
 *    append or a removal shows as a step that is not speed × time;
 *  - paint: POST update-direct → the frame that paints the new headline (as e2e/overlay.e2e.ts).
 */
const VIEWPORT = { width: 1920, height: 1080 } as const;
export const FRAME_MS = 1000 / 60;
const LINES = [
  'Parliament passes the budget after a late-night vote',
  'Ferry services suspended across the northern atolls',
  'Airport expansion opens its second runway',
  'Fisheries exports up 12 % this quarter',
  'Schools reopen on Sunday after the holidays',
  'Weather office warns of strong winds this weekend',
];

/** In-page recorder (a string: bench/ compiles without the DOM library). */
const RECORDER = `(() => {
  const b = { last: 0, intervals: [], steps: [], probe: null, probeLeft: 0, on: true, laf: 0 };
  window.__ticker = b;
  const pickProbe = () => {
    const items = [...document.querySelectorAll('.ticker-item')];
    const vw = document.querySelector('.ticker-viewport').getBoundingClientRect();
    return items.find((e) => { const r = e.getBoundingClientRect(); return r.left > vw.left && r.left < vw.right - 50; }) ?? null;
  };
  const frame = (t) => {
    if (!b.on) return;
    if (b.last) {
      const dt = t - b.last;
      b.intervals.push(dt);
      if (b.probe && b.probe.isConnected) {
        const left = b.probe.getBoundingClientRect().left;
        b.steps.push({ dt, dx: b.probeLeft - left });
        b.probeLeft = left;
      } else {
        b.probe = pickProbe();
        b.probeLeft = b.probe ? b.probe.getBoundingClientRect().left : 0;
      }
      if (b.probe && b.probeLeft < document.querySelector('.ticker-viewport').getBoundingClientRect().left) b.probe = null;
    }
    b.last = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => { b.laf += list.getEntries().length; }).observe({ type: 'long-animation-frame' });
  }
})()`;

interface Recorded {
  intervals: number[];
  steps: Array<{ dt: number; dx: number }>;
  laf: number;
}

export interface TickerResult {
  intervals: Summary;
  /** Intervals longer than 2 frames (33.3 ms): the criterion. */
  overTwoFrames: number;
  /** Intervals longer than 1.5 frames (25 ms): a missed vsync. */
  overOneAndHalf: number;
  longAnimationFrames: number;
  /** On-screen speed per frame (px/s) and the largest step off speed × time (px). */
  speed: Summary;
  worstStepErrorPx: number;
  linesAdded: number;
  tickerSpeed: number;
  /** The same page with the ticker stopped: what the machine alone does to the frame pacing. */
  baseline: { intervals: Summary; overTwoFrames: number; seconds: number };
}

export interface PaintResult {
  latencies: Summary;
  /** The server's answer to the same POSTs (its share of the time). */
  answered: Summary;
}

async function overlayPage(api: ApiClient): Promise<{ page: Page; close: () => Promise<void> }> {
  ensureWebBuilt();
  const { path } = (await api.get<{ path: string }>('/api/outputs/overlay')).body;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  // bypassCSP: the bench's string predicates are evaluated in the page, which the overlay's
  // script-src 'self' would refuse; the overlay itself runs unchanged.
  const page = await (
    await browser.newContext({ baseURL: api.baseUrl, viewport: VIEWPORT, bypassCSP: true })
  ).newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(path);
  await page.waitForFunction(`document.documentElement.dataset.connected === 'true'`);
  return { page, close: () => browser.close() };
}

export async function benchOverlayTicker(
  api: ApiClient,
  { seconds = 60, addEveryS = 10, baselineS = 20 } = {},
): Promise<TickerResult> {
  await api.post('/api/news-crawler/clear');
  for (const headline of LINES.slice(0, 3)) await api.post('/api/news-crawler/add-headline', { headline });
  const layout = (await api.get<{ layout: { tickerSpeed: number } }>('/api/outputs/overlay')).body.layout;
  const { page, close } = await overlayPage(api);
  try {
    await page.waitForFunction(`document.querySelectorAll('.ticker-item').length > 0`);
    await page.waitForTimeout(1000); // fonts, first layout
    await page.evaluate(RECORDER);
    let added = 0;
    const end = nowMs() + seconds * 1000;
    while (nowMs() < end) {
      await page.waitForTimeout(Math.min(addEveryS * 1000, end - nowMs()));
      if (nowMs() < end - 500) {
        await api.post('/api/news-crawler/add-headline', {
          headline: `${LINES[(3 + added) % LINES.length]} (${added + 1})`,
        });
        added += 1;
      }
    }
    const rec = await page.evaluate<Recorded>(
      `(() => { const b = window.__ticker; const r = { intervals: b.intervals, steps: b.steps, laf: b.laf }; b.intervals = []; b.steps = []; b.laf = 0; return r; })()`,
    );
    // Baseline in the same page: the crawler cleared (the ticker stops), the recorder's loop alone.
    await api.post('/api/news-crawler/clear');
    await page.waitForTimeout(baselineS * 1000);
    const idle = await page.evaluate<Recorded>(
      `(() => { const b = window.__ticker; b.on = false; return { intervals: b.intervals, steps: [], laf: b.laf }; })()`,
    );
    // A step is judged against the speed × its own time (the ticker moves by real time, so a late frame moves further).
    const speeds = rec.steps.filter((s) => s.dt > 0).map((s) => (s.dx / s.dt) * 1000);
    const stepErrors = rec.steps.map((s) => Math.abs(s.dx - (layout.tickerSpeed * Math.min(s.dt, 100)) / 1000));
    return {
      intervals: summarize(rec.intervals),
      overTwoFrames: rec.intervals.filter((d) => d > 2 * FRAME_MS).length,
      overOneAndHalf: rec.intervals.filter((d) => d > 1.5 * FRAME_MS).length,
      longAnimationFrames: rec.laf,
      speed: summarize(speeds),
      worstStepErrorPx: Math.round(Math.max(0, ...stepErrors) * 100) / 100,
      linesAdded: added,
      tickerSpeed: layout.tickerSpeed,
      baseline: {
        intervals: summarize(idle.intervals),
        overTwoFrames: idle.intervals.filter((d) => d > 2 * FRAME_MS).length,
        seconds: baselineS,
      },
    };
  } finally {
    await close();
  }
}

/** POST update-direct → the animation frame after the headline's DOM change (same wall clock). */
export async function benchOverlayPaint(api: ApiClient, { updates = 200, warmUp = 10 } = {}): Promise<PaintResult> {
  const { page, close } = await overlayPage(api);
  try {
    await api.post('/api/cg-files/update-direct', { type: 'headline', content: 'Paint bench warm-up' });
    await page.waitForFunction(`document.querySelector('.headline')?.textContent === 'Paint bench warm-up'`);
    await page.evaluate(`(() => {
      const h = document.querySelector('.headline');
      window.__painted = {};
      new MutationObserver(() => { const t = h.textContent; requestAnimationFrame(() => { window.__painted[t] = performance.timeOrigin + performance.now(); }); })
        .observe(h, { childList: true, characterData: true, subtree: true });
    })()`);
    const latencies: number[] = [];
    const answered: number[] = [];
    for (let i = 0; i < updates + warmUp; i++) {
      const text = `Paint bench ${i}`;
      const sent = performance.timeOrigin + performance.now();
      await api.post('/api/cg-files/update-direct', { type: 'headline', content: text });
      if (i >= warmUp) answered.push(performance.timeOrigin + performance.now() - sent);
      const painted = await page.waitForFunction(`window.__painted[${JSON.stringify(text)}]`, undefined, {
        polling: 'raf',
      });
      if (i >= warmUp) latencies.push(Number(await painted.jsonValue()) - sent);
    }
    return { latencies: summarize(latencies), answered: summarize(answered) };
  } finally {
    await close();
  }
}
