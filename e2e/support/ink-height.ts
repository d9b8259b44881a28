import type { Locator, Page } from 'playwright-core';

/**
 * Issue 38 point 10: how tall the page really drew a Latin and a Thaana specimen set on one line,
 * read from a screenshot (what a viewer sees), not from font metrics.
 *
 * "The size of Latin" for Thaana: Thaana has no x-height. Its consonants stand on the baseline
 * with a common body top (a few have a tail below the baseline or rise above the body, and the
 * fili sit above and below), so the counterpart of Latin's x-height is the consonant body: from
 * the baseline to the top of the letters. Both specimens share the line's baseline, which is the
 * bottom of the Latin x's ink.
 */
export const LATIN_X = 'xxxxx';
/** Consonants whose bodies reach the common body top (Noto Sans Thaana: 0.422 em), no fili. */
export const THAANA_BODY = 'ހށނރބކއވމތސޓޔ';

export interface InkHeights {
  /** Latin x-height as drawn (device px). */
  latin: number;
  /** Thaana body height as drawn: baseline to the top of the ink (device px). */
  thaana: number;
  ratio: number;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The boxes of two words inside the element (CSS px), from Ranges over its text. */
function wordBoxes(locator: Locator, words: [string, string]): Promise<[Box, Box]> {
  return locator.evaluate((el, ws) => {
    const boxOf = (word: string) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(word) ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const r = range.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }
      throw new Error(`"${word}" is not in the element`);
    };
    return [boxOf(ws[0]), boxOf(ws[1])] as [Box, Box];
  }, words);
}

/**
 * Which rows of a PNG hold ink: pixels at least half-way from the background (the clip's most
 * common colour) to the colour furthest from it — 50 % glyph coverage, so antialiased edges
 * count the same way for both scripts. Decoded by the page's own image decoder.
 */
function inkRows(page: Page, png: Buffer): Promise<boolean[]> {
  return page.evaluate(async (b64) => {
    // From bytes, not a data: URL: the app's CSP refuses to fetch those.
    const bitmap = await createImageBitmap(
      new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
    );
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.drawImage(bitmap, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    const counts = new Map<number, number>();
    for (let i = 0; i < data.length; i += 4) {
      const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const bg = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const dist = (i: number) =>
      Math.abs(data[i]! - (bg >> 16)) +
      Math.abs(data[i + 1]! - ((bg >> 8) & 255)) +
      Math.abs(data[i + 2]! - (bg & 255));
    let far = 0;
    for (let i = 0; i < data.length; i += 4) far = Math.max(far, dist(i));
    const rows: boolean[] = [];
    for (let y = 0; y < height; y += 1) {
      let ink = false;
      for (let x = 0; x < width && !ink; x += 1) ink = dist((y * width + x) * 4) >= far / 2;
      rows.push(ink);
    }
    return rows;
  }, png.toString('base64'));
}

/** The element must show LATIN_X and THAANA_BODY on one line. */
export async function inkHeights(page: Page, element: Locator): Promise<InkHeights> {
  const [latinBox, thaanaBox] = await wordBoxes(element, [LATIN_X, THAANA_BODY]);
  // One vertical band for both, so their rows share the baseline; a margin for ink past the boxes.
  const top = Math.min(latinBox.y, thaanaBox.y) - 4;
  const height = Math.max(latinBox.y + latinBox.height, thaanaBox.y + thaanaBox.height) + 4 - top;
  const shot = (b: Box) => page.screenshot({ clip: { x: b.x, y: top, width: b.width, height } });
  const latinRows = await inkRows(page, await shot(latinBox));
  const thaanaRows = await inkRows(page, await shot(thaanaBox));
  const baseline = latinRows.lastIndexOf(true);
  if (baseline < 0 || !thaanaRows.includes(true)) throw new Error('no ink found: is the text on screen?');
  const latin = baseline - latinRows.indexOf(true) + 1;
  const thaana = baseline - thaanaRows.indexOf(true) + 1;
  return { latin, thaana, ratio: thaana / latin };
}
