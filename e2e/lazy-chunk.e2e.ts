import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from '../server/config';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { login, shell, visible } from './support/pages';

/** The News page's own chunk (news-page-<hash>.js), as the build named it. */
const NEWS_CHUNK = /\/assets\/news-page-[\w-]+\.js$/;

async function openNewsFromMenu(page: Page): Promise<void> {
  await shell(page).menuLink('News Management').click();
}

/**
 * A server restart (the desktop host restarting its server child, an update) can cut off the
 * download of a lazily loaded page's code. The app used to stay on React Router's "Unexpected
 * Application Error" for good; now it retries, reloads once for a chunk that is gone, and
 * otherwise says calmly that the page could not be loaded.
 */
describe('Lazily loaded pages survive a cut-off chunk download', () => {
  const app = useApp();

  it('a chunk download cut off while the server is away is retried ("Reconnecting…") and the page renders', async () => {
    fs.mkdirSync(path.join(REPO_ROOT, '.scratch'), { recursive: true });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    // The import, the check whether the server still has the file, and the first retry are cut
    // off (a restarting server); then the server is back. Chromium 150 keeps a failed module fetch
    // for the document (a retried import sends no request): the app then reloads the page once.
    let aborted = 0;
    let served = 0;
    await page.route(NEWS_CHUNK, async (route) => {
      if (aborted < 3) {
        aborted += 1;
        await route.abort('connectionreset');
        return;
      }
      served += 1;
      await route.continue();
    });
    await openNewsFromMenu(page);
    await visible(page.getByTestId('page-reconnecting'));
    await page.screenshot({ path: '.scratch/page-reconnecting-1440.png' }).catch(() => undefined);
    await visible(page.getByRole('heading', { name: 'News Management' }));
    expect(aborted).toBe(3);
    expect(served).toBeGreaterThan(0);
    expect(await page.getByTestId('page-reconnecting').count()).toBe(0);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
  });

  it('a page stylesheet cut off once is fetched again, so the page does not render unstyled', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    let aborted = 0;
    // Every stylesheet the page asks for, named in the assertion's message: a run that never saw the
    // CG Control stylesheet requested (CI, once) then says what it loaded instead.
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    await page.route(/\/assets\/cg-control-page-[\w-]+\.css$/, async (route) => {
      if (aborted === 0) {
        aborted += 1;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await shell(page).menuLink('CG Control').click();
    await visible(page.getByRole('heading', { name: 'CG Control' }));
    // Waited for, not read at once: two CI runs found no stylesheet request seen by the time the
    // heading was up (cause not found). A request seen late now passes; none at all still fails,
    // naming what the page asked for.
    await expect
      .poll(() => aborted, { message: `stylesheets requested: ${stylesheets.join(', ') || 'none'}`, timeout: 5000 })
      .toBe(1);
    const styled = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => {
          if (!link.href.includes('/cg-control-page-')) return false;
          try {
            return (link.sheet?.cssRules.length ?? 0) > 0;
          } catch {
            return false; // a sheet that failed to load has no readable rules
          }
        }),
      );
    await expect.poll(styled, { timeout: 5000 }).toBe(true);
  });

  it('a chunk that is gone for good shows "Could not load this page" with Reload, after one automatic reload', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    let asked = 0;
    await page.route(NEWS_CHUNK, async (route) => {
      asked += 1;
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    let documents = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents += 1;
    });
    await openNewsFromMenu(page);
    const failed = await visible(page.getByTestId('page-load-failed'));
    expect(await failed.innerText()).toContain('Could not load this page');
    await visible(failed.getByRole('button', { name: 'Reload' }));
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    // One automatic reload (a new build may have replaced the chunk), never a loop.
    expect(documents).toBe(1);
    expect(asked).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: '.scratch/page-load-failed-1440.png' });
    // The shell stays usable: another page still opens from the menu.
    await shell(page).menuLink('Dashboard').click();
    await visible(page.getByRole('heading', { name: 'Dashboard' }));
  });

  it('a page opened by its address on a phone whose chunk is gone shows the same message', async () => {
    const page = await app.newPage(PHONE);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.route(NEWS_CHUNK, (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
    await page.goto('/news');
    await visible(page.getByTestId('page-load-failed').getByRole('button', { name: 'Reload' }));
    await page.screenshot({ path: '.scratch/page-load-failed-390.png' });
  });
});
