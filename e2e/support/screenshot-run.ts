import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { StartOptions } from '../../server/index';
import { startTestServer, type TestServer } from '../../server/test/test-server';
import { DESKTOP, PHONE, launchChromium } from './app-fixture';

export type Size = 'desktop' | 'phone';

/** Saves a picture after Mantine transitions finish (not mid-fade); `fullPage` adds a long one. */
export function shooter(outDir: string, fullPage = false) {
  return async (page: Page, name: string): Promise<void> => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(outDir, `${name}.png`) });
    if (fullPage) await page.screenshot({ path: path.join(outDir, `${name}-full.png`), fullPage: true });
  };
}

/**
 * One real server (built UI) and Chromium: `seed` prepares data through the API, then `screens`
 * runs once at desktop and once at phone size, each in a fresh browser context.
 */
export async function screenshotRun(
  outDir: string,
  screens: (page: Page, size: Size, server: TestServer) => Promise<void>,
  seed: (server: TestServer) => Promise<void> = async () => {},
  options: StartOptions = {},
): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const server = await startTestServer({ ...options, withUi: true });
  const browser = await launchChromium();
  try {
    await seed(server);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await browser.newContext({ viewport, baseURL: server.url });
      await screens(await context.newPage(), size, server);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`Screenshots in ${outDir}`);
}
