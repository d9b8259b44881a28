import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { pidAlive } from '../server/test/spawn-server';
import {
  firstRunCredentials,
  login,
  startDesktopHost,
  waitGone,
  waitHealthy,
  type DesktopHost,
} from './test-support/desktop-host';

/**
 * The self-update wiring in the BUILT main (issue 23) under the stand-in electron module. The
 * real electron-updater runs (its `require('electron')` gets the stand-in; CGB_UPDATER_UNPACKAGED
 * lets an unpackaged build check). On Linux it asks for latest-linux.yml, which the station feed
 * does not publish (Windows only): the same 404 as a station without a version. The offer itself
 * is covered by the API test (electron-updater parses our feed) and the pure policy tests.
 */
let host: DesktopHost | null = null;
afterEach(() => {
  host?.killGroup();
  host = null;
});

async function logLine(file: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const line = text.split('\n').find((l) => pattern.test(l));
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no line matching ${String(pattern)} in ${file}:\n${text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the built main checks its station feed at start through electron-updater; no published version leaves the app serving', async () => {
  host = startDesktopHost({ env: { CGB_UPDATER_UNPACKAGED: '1' } });
  const { url } = await host.waitFor('loadURL');
  await waitHealthy(String(url));
  const dialog = await host.waitFor('dialog.showMessageBox', (e) => JSON.stringify(e).includes('first run'));
  const { username, password } = firstRunCredentials((dialog.options as { detail: string }).detail);

  // electron-updater's own HTTP request, to this PC's server, for the first station's feed.
  const request = await host.waitFor('net.request', (e) => String(e.url).includes('/api/app-versions/feed/1/'));
  expect(String(request.url)).toMatch(
    new RegExp(`^${String(url)}/api/app-versions/feed/1/[0-9a-f]{48}/latest(-linux)?\\.yml`),
  );
  const log = path.join(host.userData, 'logs', 'server.log');
  expect(await logLine(log, /INFO \[desktop\] update check: /)).not.toMatch(/[0-9a-f]{48}/); // the key stays out of the log
  expect(await logLine(log, /WARN \[desktop\] update check failed: /)).toMatch(/404/);

  // Nothing was offered, nothing stopped: the server still answers and signs in.
  expect(
    host.events.some((e) => e.event === 'dialog.showMessageBox' && JSON.stringify(e).includes('is available')),
  ).toBe(false);
  expect(await login(String(url), username, password)).toMatch(/\S{20,}/);
  process.kill(host.pid, 'SIGTERM');
  expect(await host.exited).toBe(0);
  expect(pidAlive(host.pid)).toBe(false);
  for (const e of host.events.filter((ev) => ev.event === 'utilityProcess.fork')) await waitGone(e.pid as number);
});
