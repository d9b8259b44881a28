import type { Page } from 'playwright-core';

/**
 * Issue 38 point 9: what the overlay's crawler strip shows at one moment, read without knowing how
 * it is built — the lines from the text in the strip, the separators from the screenshot (blobs of
 * the accent colour), so a separator drawn by CSS (a pseudo-element) counts like an element.
 */
export interface StripLine {
  /** The same text node keeps its id while it crosses the screen. */
  id: number;
  text: string;
  left: number;
  right: number;
  direction: string;
}

export interface StripSnapshot {
  viewport: { left: number; right: number; top: number; bottom: number };
  lines: StripLine[];
  /** Separators wholly inside the viewport, left to right (CSS px). */
  separators: Array<{ left: number; right: number }>;
}

declare global {
  interface Window {
    __stripIds?: WeakMap<Node, number>;
    __stripSeq?: number;
  }
}

function readLines(page: Page): Promise<Pick<StripSnapshot, 'viewport' | 'lines'>> {
  return page.evaluate(() => {
    const vp = document.querySelector('.ticker-viewport')?.getBoundingClientRect();
    const track = document.querySelector('.ticker-track');
    if (!vp || !track) throw new Error('no ticker on the page');
    const ids = (window.__stripIds ??= new WeakMap());
    const lines: StripLine[] = [];
    const walker = document.createTreeWalker(track, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!text.trim() || !node.parentElement) continue;
      if (!ids.has(node)) ids.set(node, (window.__stripSeq = (window.__stripSeq ?? 0) + 1));
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      lines.push({
        id: ids.get(node) ?? 0,
        text,
        left: box.left,
        right: box.right,
        direction: getComputedStyle(node.parentElement).direction,
      });
    }
    lines.sort((a, b) => a.left - b.left);
    return { viewport: { left: vp.left, right: vp.right, top: vp.top, bottom: vp.bottom }, lines };
  });
}

/** Columns of the PNG holding the accent colour, grouped into runs; runs touching an edge are cut off, so dropped. */
function accentRuns(
  page: Page,
  png: Buffer,
  accent: [number, number, number],
): Promise<Array<{ left: number; right: number }>> {
  return page.evaluate(
    async ({ b64, rgb }) => {
      // From bytes, not a data: URL: the app's CSP refuses to fetch those.
      const bitmap = await createImageBitmap(
        new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
      );
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(bitmap, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const runs: Array<{ left: number; right: number }> = [];
      let start = -1;
      for (let x = 0; x <= width; x += 1) {
        let hit = false;
        for (let y = 0; y < height && x < width && !hit; y += 1) {
          const i = (y * width + x) * 4;
          hit = Math.abs(data[i]! - rgb[0]) + Math.abs(data[i + 1]! - rgb[1]) + Math.abs(data[i + 2]! - rgb[2]) < 60;
        }
        if (hit && start < 0) start = x;
        if (!hit && start >= 0) {
          if (start > 0 && x < width) runs.push({ left: start, right: x });
          start = -1;
        }
      }
      return runs;
    },
    { b64: png.toString('base64'), rgb: accent },
  );
}

/** The strip must be still while this runs (the page's clock paused). */
export async function stripSnapshot(page: Page, accent: [number, number, number]): Promise<StripSnapshot> {
  const { viewport, lines } = await readLines(page);
  const clip = {
    x: viewport.left,
    y: viewport.top,
    width: viewport.right - viewport.left,
    height: viewport.bottom - viewport.top,
  };
  const runs = await accentRuns(page, await page.screenshot({ clip }), accent);
  const separators = runs.map((r) => ({ left: viewport.left + r.left, right: viewport.left + r.right }));
  return { viewport, lines, separators };
}

export interface PairGap {
  between: [string, string];
  separators: number;
  /** Room from the left line's end to the separator, and from the separator to the right line. */
  gaps: number[];
}

/** Every pair of neighbouring lines whose whole gap is on screen, with the separators in that gap. */
export function pairGaps(s: StripSnapshot): PairGap[] {
  const out: PairGap[] = [];
  for (let i = 1; i < s.lines.length; i += 1) {
    const [a, b] = [s.lines[i - 1]!, s.lines[i]!];
    if (a.right < s.viewport.left + 2 || b.left > s.viewport.right - 2) continue;
    const inGap = s.separators.filter((sep) => sep.left >= a.right - 1 && sep.right <= b.left + 1);
    out.push({
      between: [a.text, b.text],
      separators: inGap.length,
      gaps: inGap.length === 1 ? [inGap[0]!.left - a.right, b.left - inGap[0]!.right] : [],
    });
  }
  return out;
}
