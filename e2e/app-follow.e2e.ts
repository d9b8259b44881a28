import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OverlayOutput } from '../shared/contracts/overlay';
import { REPO_ROOT } from '../server/config';
import { twoServersOnOneStore } from './support/two-servers';
import { loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { DESKTOP } from './support/app-fixture';
import { createApiKeyInSettings, login, shell, visible } from './support/pages';

/**
 * Issue 43, clients follow: two CG Bridge servers on one PostgreSQL store (two MCR PCs), an
 * operator signed in on server A's CG Control in Chromium. A is shut down: after the page's wait
 * (FOLLOW_AFTER_MS) it finds B alive and moves there — same page, still signed in (the session
 * carried in the URL fragment, then taken out of the address bar) — and shows what B has on air.
 */
const SHOT = path.join(REPO_ROOT, '.scratch', 'app-follow-after-move.png');
const OUTPUTS_SHOT = path.join(REPO_ROOT, '.scratch', 'outputs-other-servers.png');
const KEY_SHOT = path.join(REPO_ROOT, '.scratch', 'api-key-other-servers.png');

const started = twoServersOnOneStore('app_follow', 'index.html');

describe('the web app follows a living server of its store (issue 43)', () => {
  it('/outputs and a new API key give their addresses on the other server too, for graphics programs started while A is down', async () => {
    const { a, b, browser } = started();
    const context = await browser.newContext({ baseURL: a.url, viewport: DESKTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/outputs');
    const { path: overlayPath } = (await (await loginDevOwner(a)).get<OverlayOutput>('/api/outputs/overlay')).body;
    const others = page.getByTestId('overlay-other-servers');
    await visible(others);
    await expect.poll(() => others.innerText()).toContain(`${b.url}${overlayPath}`);
    await others.scrollIntoViewIfNeeded();
    fs.mkdirSync(path.dirname(OUTPUTS_SHOT), { recursive: true });
    await page.screenshot({ path: OUTPUTS_SHOT, fullPage: true });

    // A new API key's sync URL, on each server: a graphics program reading by key does not move.
    const { shown } = await createApiKeyInSettings(page, 'CasparCG studio 2');
    const key = await (await visible(shown.getByTestId('new-api-key'))).innerText();
    await expect.poll(() => shown.getByTestId('sync-other-servers').innerText()).toContain(`${b.url}/`);
    expect(await shown.getByTestId('sync-other-servers').innerText()).toContain(key.trim());
    await page.waitForTimeout(300);
    await page.screenshot({ path: KEY_SHOT });
    await context.close();
  });

  it('server A shut down: CG Control moves to B, signed in, with a clean address bar, showing B’s air', async () => {
    const { a, b, browser, closeA } = started();
    const context = await browser.newContext({ baseURL: a.url, viewport: DESKTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // What the page said (a refused probe, a blocked request): shown if it never moves.
    const said: string[] = [];
    page.on('console', (m) => said.push(`${m.type()}: ${m.text()}`));

    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/cg-control');
    await visible(page.getByRole('heading', { name: 'CG Control', exact: true }));
    await page.locator('[data-testid="connection-status"][data-connected="true"]').waitFor();
    const tokenOnA = await page.evaluate(() => localStorage.getItem('token'));
    expect(tokenOnA).toBeTruthy();

    // B alone can list nobody but itself until it is up; both are up here, and A lists B.
    const onA = await loginDevOwner(a);
    expect((await onA.get<{ servers: string[] }>('/api/ha/servers')).body.servers).toContain(b.url);

    const onB = await loginDevOwner(b);
    const closedAt = Date.now();
    await closeA();
    const headline = 'Ferries run again from Monday';
    expect((await onB.post('/api/cg-files/update-direct', { type: 'headline', content: headline })).status).toBe(200);

    await page
      .waitForURL((url) => url.href.startsWith(b.url), { timeout: 20_000 })
      .catch((err: unknown) => {
        throw new Error(`the app stayed on ${page.url()}; the page said:\n${said.join('\n')}\n${String(err)}`);
      });
    const movedAfter = Date.now() - closedAt;
    // A restart (an update) comes back within the wait: the page must not have left before it.
    expect(movedAfter).toBeGreaterThanOrEqual(4_000);

    // Same page, signed in (the shell, not the login), connected to B's live channel.
    await visible(page.getByRole('heading', { name: 'CG Control', exact: true }));
    await visible(shell(page).userMenu);
    await page.locator('[data-testid="connection-status"][data-connected="true"]').waitFor();
    expect(page.url()).toBe(`${b.url}/cg-control`);
    expect(await page.evaluate(() => location.hash)).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(tokenOnA);
    expect(await page.getByLabel('Username').count()).toBe(0);
    // What B has on air now (set after A was gone).
    await visible(page.getByTestId('cg-preview-headline').getByText(headline, { exact: true }));
    console.log(`app moved from A to B ${movedAfter} ms after A was shut down`);

    fs.mkdirSync(path.dirname(SHOT), { recursive: true });
    await page.screenshot({ path: SHOT });
  });
});
