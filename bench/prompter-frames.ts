import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { PROMPTER_PX_PER_STEP } from '../shared/constants';
import { REPO_ROOT } from '../server/config';
import type { ApiClient } from '../server/test/api-client';
import { createApprovedNews } from '../server/test/news-factory';
import { summarize, type Summary } from './stats';

/**
 * Issue 11: "no dropped frames at 60 fps with a 20 000-word script". The real reader, full
 * screen at 1920×1080 in headless Chromium, plays a 42-section bulletin of 40 articles (≥ 20 000
 * words, every fifth one Dhivehi) at font size 48 and the fastest speed (30 ms per 2 px).
 *
 * Measured in the page: the intervals between requestAnimationFrame callbacks (each callback's
 * frame timestamp), plus long-animation-frame / longtask entries. Conditions, in alternating 2 s
 * blocks in the same page (so machine drift lands on all alike):
 *  - playing: the reader scrolls the script (the figure the issue asks for);
 *  - paused: the baseline — same DOM, same script, same layers, nothing moves;
 *  - mover: the reader paused, the bench's own rAF loop moves the same element at the same speed
 *    by the same fractional translate3d — the browser's cost of the motion without any app code;
 *  - moverWhole: the same rounded to whole pixels (what rounding in the reader would give).
 *
 * Headless Chromium (new headless, --disable-gpu) paces rAF at 60 Hz by itself: an idle
 * about:blank measured 16.7 ms p50 / 16.8 ms p99 with the e2e flags below, so no extra flag is
 * used. (--disable-frame-rate-limit unthrottles it and is not what a screen does.)
 */

/** The e2e suite's flags (e2e/support/app-fixture.ts; not importable here: tsconfig.node.json does not include e2e/). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const VIEWPORT = { width: 1920, height: 1080 } as const;
const FRAME_MS = 1000 / 60;
/** An interval longer than 1.5 frames means at least one vsync without a new frame. */
export const DROPPED_OVER_MS = 1.5 * FRAME_MS;

/** The reader's fastest speed (ms per PROMPTER_PX_PER_STEP px): 66.7 px/s. */
const SPEED = 30;
const ARTICLES = 40;
const WORDS_PER_ARTICLE = 520;
const ENGLISH = [
  'The council met late into the night to agree the harbour budget and the new ferry timetable.',
  'Fishermen in the northern atolls say the catch has doubled since the monsoon changed direction.',
  'Ministers promised that the airport extension will open before the tourist season begins in earnest.',
  'Residents of the capital queued for hours outside the hospital as the vaccination drive resumed.',
  'The weather office warned of strong winds and rough seas across the central islands this weekend.',
];
const DHIVEHI = [
  'މާލޭގައި ވިއްސާރަ ވެހެމުން ދާތީ، މަގުތަކުގައި ފެން ބޮޑުވެއްޖެ.',
  'ކައުންސިލުން ބަނދަރުގެ ބަޖެޓު ފާސްކޮށް، އައު ފެރީގެ ތާވަލު ވެސް ކަނޑައަޅައިފި.',
  'އުތުރުގެ އަތޮޅުތަކުގެ މަސްވެރިން ބުނަނީ މި މޫސުމުގައި މަސް ގިނަވެއްޖެ ކަމަށް.',
];

/** About `words` words of the pool's sentences, in paragraphs of ~60 words. */
function articleText(pool: readonly string[], words: number, offset: number): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  let count = 0;
  for (let i = offset; count < words; i++) {
    const sentence = pool[i % pool.length]!;
    current.push(sentence);
    count += sentence.split(/\s+/).length;
    if (current.join(' ').split(/\s+/).length >= 60) {
      paragraphs.push(current.join(' '));
      current = [];
    }
  }
  if (current.length) paragraphs.push(current.join(' '));
  return paragraphs.join('\n\n');
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** 40 approved articles (every fifth in Dhivehi) with two breaks, and a prompter reading them. */
async function seedScript(
  api: ApiClient,
  name: string,
): Promise<{ prompterId: number; sections: number; words: number }> {
  const items: Array<{ type: 'news'; newsId: number } | { type: 'break'; breakType: string }> = [];
  let words = 0;
  for (let i = 0; i < ARTICLES; i++) {
    const thaana = i % 5 === 4;
    const content = articleText(thaana ? DHIVEHI : ENGLISH, WORDS_PER_ARTICLE, i);
    const title = thaana ? `ދިވެހި ޚަބަރު ${i + 1}` : `Story ${i + 1}: harbour, ferries and the weather`;
    words += wordCount(content) + wordCount(title);
    const news = await createApprovedNews(api, { title, content });
    items.push({ type: 'news', newsId: news.id });
    if (i === 13 || i === 27) items.push({ type: 'break', breakType: 'LOCAL BREAK' });
  }
  const bulletin = await api.post<{ id: number }>('/api/bulletins', {
    title: 'Prompter bench bulletin',
    broadcastTime: '21:00',
    duration: 120,
    scheduledTime: new Date().toISOString(),
    bulletinItems: items,
  });
  if (bulletin.status !== 201)
    throw new Error(`create bulletin failed: ${bulletin.status} ${JSON.stringify(bulletin.body)}`);
  const prompter = await api.post<{ id: number }>('/api/prompters', {
    name,
    bulletinId: bulletin.body.id,
    fontSize: 48,
    scrollSpeed: SPEED,
  });
  if (prompter.status !== 201)
    throw new Error(`create prompter failed: ${prompter.status} ${JSON.stringify(prompter.body)}`);
  return { prompterId: prompter.body.id, sections: items.length, words };
}

/** The server serves out/renderer; build it when the UI sources are newer (as `npm start` does). */
export function ensureWebBuilt(): void {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-web.mjs'), '--if-stale'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', process.stderr, process.stderr],
  });
}

/**
 * In-page recorder (a string: bench/ compiles without the DOM library). A rAF loop that, while a
 * block is labelled, keeps each frame timestamp's distance to the previous one; observers for
 * long animation frames and long tasks. In the `mover*` blocks (prompter paused) the same loop
 * moves the script element itself at the reader's speed: the browser's cost of the motion with
 * no app code per frame, at fractional pixels like the reader, or rounded to whole pixels.
 * Returns the entry types this Chromium supports.
 */
const installRecorder = (pxPerSecond: number) => `(() => {
  const el = document.querySelector('[data-testid=prompter-script]');
  const b = { label: null, last: 0, frames: {}, blocks: [], slow: { 'long-animation-frame': [], longtask: [] }, from: 0, moved: 0, saved: '' };
  window.__bench = b;
  const frame = (t) => {
    if (b.label) {
      if (b.last) {
        (b.frames[b.label] ??= []).push(t - b.last);
        if (b.label.startsWith('mover')) {
          b.moved += ((t - b.last) * ${pxPerSecond}) / 1000;
          const y = b.label === 'moverWhole' ? Math.round(b.from - b.moved) : b.from - b.moved;
          el.style.transform = 'translate3d(0, ' + y + 'px, 0)';
        }
      }
      b.last = t;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  for (const type of Object.keys(b.slow)) {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) continue;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.slow[type].push({ start: e.startTime, duration: e.duration });
    }).observe({ type });
  }
  return PerformanceObserver.supportedEntryTypes;
})()`;

/** playing: the app; paused: nothing moves; mover / moverWhole: the bench moves the paused script. */
const LABELS = ['paused', 'playing', 'mover', 'moverWhole'] as const;
type Label = (typeof LABELS)[number];
interface Recorded {
  frames: Partial<Record<Label, number[]>>;
  blocks: Array<{ label: Label; start: number; end: number }>;
  slow: Record<'long-animation-frame' | 'longtask', Array<{ start: number; duration: number }>>;
}

/** The script's translateY (it decreases as the script moves up). */
const SCRIPT_Y = `new DOMMatrixReadOnly(getComputedStyle(document.querySelector('[data-testid=prompter-script]')).transform).m42`;

async function block(page: Page, label: Label, ms: number): Promise<number> {
  const before = await page.evaluate<number>(SCRIPT_Y);
  await page.evaluate(
    `(() => { const b = window.__bench; b.label = '${label}'; b.last = 0; b.from = ${before}; b.moved = 0; b.saved = document.querySelector('[data-testid=prompter-script]').style.transform; b.blocks.push({ label: b.label, start: performance.now(), end: 0 }); })()`,
  );
  await page.waitForTimeout(ms);
  await page.evaluate(
    `(() => { const b = window.__bench; b.label = null; b.blocks.at(-1).end = performance.now(); })()`,
  );
  const moved = before - (await page.evaluate<number>(SCRIPT_Y));
  // Give the reader back its own position (it only writes the transform when it moves).
  if (label.startsWith('mover'))
    await page.evaluate(
      `(() => { document.querySelector('[data-testid=prompter-script]').style.transform = window.__bench.saved; })()`,
    );
  return moved;
}

export interface FramesCondition {
  intervals: Summary;
  /** Intervals over 1.5 frames (25 ms). */
  dropped: number;
  longAnimationFrames: number;
  longTasks: number;
  /** How far the script moved during the condition's blocks (0 when paused). */
  movedPx: number;
}

export interface FramesResult {
  conditions: Record<Label, FramesCondition>;
  words: number;
  wordsRendered: number;
  sections: number;
  supported: string[];
}

function condition(rec: Recorded, label: Label, movedPx: number): FramesCondition {
  const blocks = rec.blocks.filter((b) => b.label === label);
  const inBlocks = (e: { start: number }) => blocks.some((b) => e.start >= b.start && e.start < b.end);
  const intervals = rec.frames[label] ?? [];
  return {
    intervals: summarize(intervals),
    dropped: intervals.filter((d) => d > DROPPED_OVER_MS).length,
    longAnimationFrames: rec.slow['long-animation-frame'].filter(inBlocks).length,
    longTasks: rec.slow.longtask.filter(inBlocks).length,
    movedPx: Math.round(movedPx),
  };
}

/**
 * `rounds` × one block of each condition, the order rotating each round. `login` is the owner the
 * API client is logged in as: the browser signs in through the login screen like a user.
 */
export async function benchPrompterFrames(
  api: ApiClient,
  login: { username: string; password: string },
  { rounds = 4, blockMs = 2000 }: { rounds?: number; blockMs?: number } = {},
): Promise<FramesResult> {
  ensureWebBuilt();
  const name = `Frames bench ${Date.now()}`;
  const seeded = await seedScript(api, name);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: api.baseUrl, viewport: VIEWPORT });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/login');
    await page.getByLabel('Username').fill(login.username);
    await page.getByLabel('Password', { exact: true }).fill(login.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/prompter');
    await page.getByText(name, { exact: true }).first().click();
    await page.getByTestId('prompter-fullscreen').waitFor();
    const indicator = `Section: 1 of ${seeded.sections}`;
    await page.waitForFunction(
      `document.querySelector('[data-testid=prompter-section-indicator]')?.innerText === ${JSON.stringify(indicator)}`,
    );
    const wordsRendered = await page.evaluate<number>(
      `document.querySelector('[data-testid=prompter-script]').innerText.split(/\\s+/).filter(Boolean).length`,
    );
    const supported = await page.evaluate<string[]>(installRecorder((PROMPTER_PX_PER_STEP * 1000) / SPEED));

    const play = page.getByRole('button', { name: 'Play', exact: true });
    const pause = page.getByRole('button', { name: 'Pause', exact: true });
    // Warm-up: the first play compiles and lays out whatever it needs.
    await play.click();
    await page.waitForTimeout(1000);
    await pause.click();
    await page.waitForTimeout(300);

    const moved: Record<Label, number> = { paused: 0, playing: 0, mover: 0, moverWhole: 0 };
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < LABELS.length; i++) {
        const label = LABELS[(r + i) % LABELS.length]!;
        if (label === 'playing') await play.click();
        await page.waitForTimeout(150); // a click's own render belongs to no block
        moved[label] += await block(page, label, blockMs);
        if (label === 'playing') await pause.click();
      }
    }
    const rec = await page.evaluate<Recorded>('window.__bench');
    return {
      conditions: Object.fromEntries(LABELS.map((l) => [l, condition(rec, l, moved[l])])) as Record<
        Label,
        FramesCondition
      >,
      words: seeded.words,
      wordsRendered,
      sections: seeded.sections,
      supported: supported.filter((t) => t === 'long-animation-frame' || t === 'longtask'),
    };
  } finally {
    // Also on failure: a leftover Chromium would hold CPU for the rest of the run.
    await browser.close();
  }
}
