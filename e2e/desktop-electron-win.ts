// The desktop app in a REAL Electron (Windows CI only: no Electron binary can be had on the
// dev machines; there the built main is tested under Node with a stand-in, electron/*.smoke.ts).
// Run by .github/workflows/desktop.yml after `electron-vite build` and the Electron rebuild of
// better-sqlite3: `npx tsx e2e/desktop-electron-win.ts`. Launches the app from the checkout
// (packaged builds have the --inspect fuse off, which Playwright needs), then checks the window
// shows the UI served by the utilityProcess server, a login works in it, and a LAN browser
// (a fetch to the machine's LAN address) reaches the same server.
import assert from 'node:assert/strict';
import os from 'node:os';
import { _electron as electron } from 'playwright-core';
import { submitLogin } from './support/pages';

const PASSWORD = 'ci-owner-password';

function lanAddress(port: number): string {
  const ipv4 = Object.values(os.networkInterfaces())
    .flatMap((l) => l ?? [])
    .find((i) => i.family === 'IPv4' && !i.internal);
  return `http://${ipv4?.address ?? '127.0.0.1'}:${port}`;
}

async function main(): Promise<void> {
  // A fresh runner: userData is empty, so this is a first run. OWNER_PASSWORD: no first-run
  // dialog (a native box Playwright cannot click).
  const app = await electron.launch({
    args: ['.'],
    env: { ...process.env, OWNER_PASSWORD: PASSWORD, PORT: '3999' },
    timeout: 60_000,
  });
  try {
    const page = await app.firstWindow();
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:3999\//, { timeout: 60_000 });
    // The window has no baseURL: go to the login page by its full address.
    await page.goto(new URL('/login', page.url()).href);
    await submitLogin(page, 'owner', PASSWORD);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    const health = await fetch(`${lanAddress(3999)}/api/health`);
    assert.equal(health.status, 200, 'the LAN address answers /api/health');
    const info = await page.evaluate(() =>
      (window as unknown as { cgBridge?: { info(): Promise<{ serverUrl: string | null }> } }).cgBridge?.info(),
    );
    assert.equal(info?.serverUrl, 'http://127.0.0.1:3999', 'the preload bridge answers');
    console.log('desktop smoke (real Electron): window, login, LAN /api/health, preload — ok');
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
