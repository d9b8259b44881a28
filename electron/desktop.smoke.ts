import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { pidAlive } from '../server/test/spawn-server';
import { firstRunCredentials, login, startDesktopHost, waitHealthy, type DesktopHost } from './test-support/desktop-host';

/**
 * The BUILT desktop main (out/main, after `electron-vite build`) under plain Node with the stand-in
 * `electron` module: Node's ES-module loader checks every import as Electron's would, the server
 * is real (SQLite, HTTP), and every process started is proved gone at the end.
 */
let host: DesktopHost | null = null;
afterEach(() => {
  host?.killGroup();
  host = null;
});

const forkedPids = (h: DesktopHost) => h.events.filter((e) => e.event === 'utilityProcess.fork').map((e) => e.pid as number);

test('the built main loads, serves /api/health and a login, and quits cleanly (WAL checkpointed, no process left)', async () => {
  host = startDesktopHost();
  const { url } = await host.waitFor('loadURL');
  await waitHealthy(String(url));
  const dialog = await host.waitFor('dialog.showMessageBox', (e) => JSON.stringify(e).includes('first run'));
  const { username, password } = firstRunCredentials((dialog.options as { detail: string }).detail);
  expect(await login(String(url), username, password)).toMatch(/\S{20,}/);

  process.kill(host.pid, 'SIGTERM'); // Electron quits on SIGTERM (before-quit → will-quit → quit)
  expect(await host.exited).toBe(0);
  const dataDir = path.join(host.userData, 'data');
  expect(fs.existsSync(path.join(dataDir, 'cg-bridge.sqlite'))).toBe(true);
  // The last connection closed cleanly: SQLite checkpointed the WAL into the database and removed it.
  expect(fs.existsSync(path.join(dataDir, 'cg-bridge.sqlite-wal'))).toBe(false);
  expect(pidAlive(host.pid)).toBe(false);
  for (const pid of forkedPids(host)) expect(pidAlive(pid)).toBe(false);
});
