import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from '../../server/config';
import { startTestServer, type TestServer } from '../../server/test/test-server';
import type { StartOptions } from '../../server/index';

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

export const DESKTOP = { width: 1440, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface AppFixture {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A fresh browser context (its own localStorage, so its own session) and one page in it. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * One real server (temp data dir, built UI) and one Chromium per test file. Each test opens
 * its own contexts, so sessions never leak between tests.
 */
/** `serverOptions` is read when the server starts (after earlier beforeAll hooks, e.g. a fake Bot API). */
export function useApp(serverOptions: () => StartOptions = () => ({})): AppFixture {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(path.join(REPO_ROOT, 'out', 'renderer', 'index.html'))) {
      throw new Error('The web UI is not built: run `node scripts/build-web.mjs` first');
    }
    server = await startTestServer({ ...serverOptions(), withUi: true });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
    await server?.close();
  });

  return {
    get server() {
      if (!server) throw new Error('server not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('browser not started');
      return browser;
    },
    async newPage(viewport = DESKTOP) {
      if (!browser || !server) throw new Error('fixture not started');
      const context = await browser.newContext({ baseURL: server.url, viewport });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return page;
    },
  };
}
