import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OverlayOutput } from '../shared/contracts/overlay';
import { loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';

/**
 * Issue 38, point 8: rotating the overlay key cut the old overlay's socket and cleared its CG
 * texts, but its clock kept running on air — the rotate dialog says the old URL "goes blank at
 * once". Blank means blank: no text, no clock, not one pixel drawn.
 */
const FRAME = { width: 1920, height: 1080 };

/** Pixels of a transparent-background screenshot that are not fully transparent (decoded in a blank page). */
async function drawnPixels(page: Page, png: Buffer): Promise<number> {
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      let drawn = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn += 1;
      return drawn;
    }, png.toString('base64'));
  } finally {
    await blank.close();
  }
}

describe('HTML overlay after its key is rotated (issue 38)', () => {
  const app = useApp();

  it('goes blank at once: texts, ticker and the clock; nothing is drawn and the clock stays empty', async () => {
    const owner = await loginDevOwner(app.server);
    const { path } = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
    await owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Harbour budget agreed',
      subheadline: 'Vote 52 to 31',
    });
    await owner.post('/api/news-crawler/add-headline', { headline: 'Ferries run again from Monday' });
    const page = await app.newPage(FRAME);
    await page.goto(path);
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'true');
    await page.waitForFunction(() => document.querySelector('.headline')?.textContent === 'Harbour budget agreed');
    const clock = page.locator('.clock');
    await expect.poll(() => clock.textContent()).toMatch(/^\d\d:\d\d$/);
    expect(await drawnPixels(page, await page.screenshot({ omitBackground: true }))).toBeGreaterThan(1000); // the test sees what is drawn

    expect((await owner.post('/api/outputs/overlay/rotate')).status).toBe(200);
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'false', undefined, {
      timeout: 2000,
    });
    // At once: the clock is emptied and hidden, every element is off air.
    await expect.poll(() => clock.textContent(), { timeout: 1000 }).toBe('');
    expect(await clock.isHidden()).toBe(true);
    await expect.poll(() => page.locator('.stage .el[data-on="true"]').count(), { timeout: 1000 }).toBe(0);
    // The minute turning, or a second tick, must not bring the clock back.
    await page.waitForTimeout(1500);
    expect(await clock.textContent()).toBe('');
    expect(await drawnPixels(page, await page.screenshot({ omitBackground: true }))).toBe(0);
  });
});
