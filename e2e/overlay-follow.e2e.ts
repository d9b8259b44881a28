import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OverlayOutput } from '../shared/contracts/overlay';
import { REPO_ROOT } from '../server/config';
import { twoServersOnOneStore } from './support/two-servers';
import { loginDevOwner } from '../server/test/factories';

/**
 * Issue 43, clients follow: two CG Bridge servers on one PostgreSQL store (two MCR PCs), the HTML
 * overlay loaded from server A in Chromium as a graphics program would. A is shut down: after the
 * page's wait (FOLLOW_AFTER_MS) it finds B alive, moves there with the same key and shows what
 * is on air — a headline set on B after A was gone.
 */
const FRAME = { width: 1920, height: 1080 };
const SHOT = path.join(REPO_ROOT, '.scratch', 'overlay-follow-after-move.png');

const started = twoServersOnOneStore('overlay_follow', 'overlay.html');

const headlineIs = (page: Page, text: string, timeout = 10_000) =>
  page.waitForFunction((t) => document.querySelector('.headline')?.textContent === t, text, { timeout });

describe('HTML overlay follows a living server of its store (issue 43)', () => {
  it('server A shut down: the overlay moves to B with the same key and shows what B puts on air', async () => {
    const { a, b, browser, closeA } = started();
    const onA = await loginDevOwner(a);
    const { path: overlayPath } = (await onA.get<OverlayOutput>('/api/outputs/overlay')).body;
    const page = await (await browser.newContext({ viewport: FRAME })).newPage();
    page.setDefaultTimeout(10_000);
    // What the page said (a refused probe, a blocked request): shown if it never moves.
    const said: string[] = [];
    page.on('console', (m) => said.push(`${m.type()}: ${m.text()}`));
    await page.goto(a.url + overlayPath);
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'true');

    expect(
      (await onA.post('/api/cg-files/update-direct', { type: 'headline', content: 'Harbour budget agreed' })).status,
    ).toBe(200);
    await headlineIs(page, 'Harbour budget agreed');

    // A dropped connection that comes back at once (as a restart does) keeps the page where it is.
    a.overlayHub.disconnectAll();
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'false');
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'true');
    await page.waitForTimeout(5_000);
    expect(page.url()).toBe(a.url + overlayPath);

    // /outputs' preview, a frame on A's own page: the operator's view, it never moves.
    const host = await (await browser.newContext({ viewport: FRAME })).newPage();
    await host.goto(`${a.url}/api/health`);
    await host.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }, overlayPath);
    const preview = host.frameLocator('iframe').locator('html[data-connected="true"]');
    await preview.waitFor({ state: 'attached' });

    const onB = await loginDevOwner(b);
    const closedAt = Date.now();
    await closeA();
    expect(
      (await onB.post('/api/cg-files/update-direct', { type: 'headline', content: 'Ferries run again from Monday' }))
        .status,
    ).toBe(200);

    // The wait (4 s) plus a probe and a page load; well within the limit on a busy 2-core machine.
    await page
      .waitForURL((url) => url.href.startsWith(b.url), { timeout: 20_000 })
      .catch((err: unknown) => {
        throw new Error(`the overlay stayed on ${page.url()}; the page said:\n${said.join('\n')}\n${String(err)}`);
      });
    const movedAfter = Date.now() - closedAt;
    expect(page.url()).toBe(b.url + overlayPath);
    await page.waitForFunction(() => document.documentElement.dataset.connected === 'true');
    await headlineIs(page, 'Ferries run again from Monday');
    // A restart (an update) comes back within the wait: the page must not have left before it.
    expect(movedAfter).toBeGreaterThanOrEqual(4_000);
    await page.waitForTimeout(1_000);
    expect(host.frames()[1]?.url()).toBe(a.url + overlayPath);
    console.log(`overlay moved from A to B ${movedAfter} ms after A was shut down`);

    fs.mkdirSync(path.dirname(SHOT), { recursive: true });
    await page.screenshot({ path: SHOT });
  });
});
