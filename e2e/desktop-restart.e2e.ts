import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  firstRunCredentials,
  login as apiLogin,
  startDesktopHost,
  waitGone,
  waitHealthy,
  type DesktopHost,
} from '../electron/test-support/desktop-host';
import { DESKTOP, launchChromium } from './support/app-fixture';
import { login, shell, visible } from './support/pages';

/**
 * The desktop-hosted server seen from a LAN browser: the BUILT desktop main under Node with the
 * stand-in electron module (electron/test-support), the server in its forked child, Chromium at
 * the address the app's tray offers. Killing the server child must not strand the browser.
 */
describe('desktop-hosted server, from a LAN browser', () => {
  let browser: Browser;
  let host: DesktopHost | null = null;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());
  afterEach(() => {
    host?.killGroup();
    host = null;
  });

  it('logs in at the address the app shows; a killed server child is restarted and the page reconnects and refetches', async () => {
    host = startDesktopHost({ env: { HOST: '0.0.0.0' } });
    const tray = await host.waitFor('Tray.setContextMenu');
    const address = /\((http:\/\/[^)]+)\)/.exec((tray.labels as string[])[1] ?? '')?.[1];
    expect(address).toMatch(/^http:\/\/[\d.]+:\d+$/);
    const dialog = await host.waitFor('dialog.showMessageBox', (e) => JSON.stringify(e).includes('first run'));
    const detail = (dialog.options as { detail: string }).detail;
    expect(detail).toContain(String(address)); // the first-run box shows it too
    const { username, password } = firstRunCredentials(detail);

    const context = await browser.newContext({ baseURL: String(address), viewport: DESKTOP });
    const page = await context.newPage();
    await login(page, username, password);
    await shell(page).menuLink('News Management').click();
    // The page's lazy chunk must have arrived before the kill (one cut off by it is retried by
    // renderer/src/app/lazy-page.tsx; e2e/lazy-chunk.e2e.ts tests that).
    await visible(page.getByRole('button', { name: 'Create First Article' }));
    await visible(shell(page).connection.getByText('Connected', { exact: true }));

    const first = await host.waitFor('utilityProcess.fork');
    process.kill(first.pid as number, 'SIGKILL');
    await waitGone(first.pid as number);
    // (Not waiting for "Disconnected": the restart can be quicker than the page shows it.)
    await host.waitFor('utilityProcess.fork', (e) => e.pid !== first.pid);
    await waitHealthy(String(address)); // same address after the restart

    // Filed through the restarted server; the browser gets it by reconnecting and refetching.
    const token = await apiLogin(String(address), username, password);
    const res = await fetch(`${String(address)}/api/news`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Filed after the restart', content: 'The server came back' }),
    });
    expect(res.status).toBe(201);
    await visible(shell(page).connection.getByText('Connected', { exact: true }));
    await visible(page.getByText('Filed after the restart'));
    await context.close();

    process.kill(host.pid, 'SIGTERM');
    expect(await host.exited).toBe(0);
    for (const e of host.events.filter((ev) => ev.event === 'utilityProcess.fork')) await waitGone(e.pid as number);
  });
});
