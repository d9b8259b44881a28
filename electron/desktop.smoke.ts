import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { pidAlive } from '../server/test/spawn-server';
import net from 'node:net';
import Database from 'better-sqlite3';
import { TestSocket } from '../server/test/ws-client';
import {
  firstRunCredentials,
  firstRunOwner,
  login,
  startDesktopHost,
  waitGone,
  waitHealthy,
  type DesktopHost,
} from './test-support/desktop-host';

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

const forkedPids = (h: DesktopHost) =>
  h.events.filter((e) => e.event === 'utilityProcess.fork').map((e) => e.pid as number);

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

test('a SIGKILLed server child is restarted on the same port by the host; the log file tells the story', async () => {
  host = startDesktopHost();
  const { url, username, password } = await firstRunOwner(host);
  const first = await host.waitFor('utilityProcess.fork');
  const firstPid = first.pid as number;
  // The host does not run the server itself: its own pid is not the one answering.
  expect(firstPid).not.toBe(host.pid);

  process.kill(firstPid, 'SIGKILL');
  await waitGone(firstPid);
  await host.waitFor('setTitle', (e) => String(e.title).includes('server restarting'));
  const second = await host.waitFor('utilityProcess.fork', (e) => e.pid !== firstPid);
  await waitHealthy(String(url)); // same address: LAN browsers reconnect to it
  expect(await login(String(url), username, password)).toMatch(/\S{20,}/);
  await host.waitFor('setTitle', (e) => e.title === 'CG Bridge');

  process.kill(host.pid, 'SIGTERM');
  expect(await host.exited).toBe(0);
  await waitGone(second.pid as number);
  const log = fs.readFileSync(path.join(host.userData, 'logs', 'server.log'), 'utf8');
  expect(log).toMatch(/WARN \[desktop\] server exited with code \d+; restarting in 500 ms/);
  expect(log).toMatch(/INFO \[desktop\] server stopped \(exit 0\)/);
  expect(fs.existsSync(path.join(host.userData, 'data', 'cg-bridge.sqlite-wal'))).toBe(false);
});

async function occupiedPort(): Promise<{ port: number; release: () => void }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
  return { port: (blocker.address() as net.AddressInfo).port, release: () => blocker.close() };
}

test('port taken, operator answers Quit: no server, clean exit, no process left', async () => {
  const taken = await occupiedPort();
  try {
    host = startDesktopHost({
      env: {
        PORT: String(taken.port),
        HOST: '0.0.0.0',
        CGB_STANDIN_DIALOG_RESPONSES: '0',
        CGB_STANDIN_DIALOG_RESPONSE: '1',
      },
    });
    const box = await host.waitFor('dialog.showMessageBox', (e) =>
      JSON.stringify(e).includes('used by another program'),
    );
    expect((box.options as { message: string }).message).toBe(`Port ${taken.port} is used by another program`);
    expect(await host.exited).toBe(0);
    expect(host.events.some((e) => e.event === 'loadURL')).toBe(false);
    for (const pid of forkedPids(host)) await waitGone(pid);
  } finally {
    taken.release();
  }
});

test('port taken, operator takes the offered port: the server runs there and the port is remembered', async () => {
  const taken = await occupiedPort();
  try {
    host = startDesktopHost({ env: { PORT: String(taken.port), HOST: '0.0.0.0' } });
    const box = await host.waitFor('dialog.showMessageBox', (e) =>
      JSON.stringify(e).includes('used by another program'),
    );
    const offered = Number(/Use port (\d+)/.exec(JSON.stringify(box.options))?.[1]);
    expect(offered).toBeGreaterThan(taken.port);
    const { url } = await host.waitFor('loadURL');
    expect(url).toBe(`http://127.0.0.1:${offered}`);
    await waitHealthy(String(url));
    const saved = JSON.parse(fs.readFileSync(path.join(host.userData, 'desktop-settings.json'), 'utf8')) as {
      port: number;
    };
    expect(saved.port).toBe(offered);
    process.kill(host.pid, 'SIGTERM');
    expect(await host.exited).toBe(0);
    for (const pid of forkedPids(host)) await waitGone(pid);
  } finally {
    taken.release();
  }
});

test('closing the window keeps the server running for the LAN (default answer); window state saved', async () => {
  host = startDesktopHost();
  const { url } = await host.waitFor('loadURL');
  await waitHealthy(String(url));
  const tray = await host.waitFor('Tray.setContextMenu');
  expect(tray.labels).toEqual([
    'Open CG Bridge',
    expect.stringMatching(/^Copy address \(http:\/\/[\d.]+:\d+\)$/),
    'separator',
    'Quit CG Bridge',
  ]);
  const from = host.events.length;
  process.kill(host.pid, 'SIGUSR2'); // the close button
  const question = await host.waitFor(
    'dialog.showMessageBox',
    (e) => JSON.stringify(e).includes('Keep the CG Bridge server running?'),
    10_000,
    from,
  );
  expect((question.options as { buttons: string[] }).buttons[0]).toBe('Keep running for the LAN');
  await host.waitFor('window.hide', undefined, 10_000, from);
  await host.waitFor('Tray.displayBalloon', undefined, 10_000, from);
  await waitHealthy(String(url)); // still serving the LAN
  expect(host.events.some((e) => e.event === 'exit')).toBe(false);
  process.kill(host.pid, 'SIGTERM');
  expect(await host.exited).toBe(0);
  for (const pid of forkedPids(host)) await waitGone(pid);
  const saved = JSON.parse(fs.readFileSync(path.join(host.userData, 'desktop-settings.json'), 'utf8')) as {
    window: { bounds: { width: number } };
  };
  expect(saved.window.bounds.width).toBe(1440); // window state kept for next start
});

test('quit with other screens connected asks first (the server counts them); Cancel keeps everything running', async () => {
  host = startDesktopHost();
  const { url, username, password } = await firstRunOwner(host);
  const token = await login(String(url), username, password);
  // Two live screens; the stand-in window has no socket of its own but counts as one: one "other".
  const screens = [await TestSocket.authed(String(url), token), await TestSocket.authed(String(url), token)];
  const from = host.events.length;
  process.kill(host.pid, 'SIGTERM');
  const question = await host.waitFor(
    'dialog.showMessageBox',
    (e) => JSON.stringify(e).includes('connected to this server'),
    10_000,
    from,
  );
  expect((question.options as { message: string }).message).toBe('1 other screen is connected to this server');
  await waitHealthy(String(url)); // Cancel (the default): nothing stopped
  expect(host.events.some((e) => e.event === 'exit')).toBe(false);
  for (const s of screens) {
    s.socket.close(1000); // a real close handshake: the server has seen it once the client is told
    await s.waitClosed();
  }
  await waitClientsGone(String(url), token);
  process.kill(host.pid, 'SIGTERM');
  expect(await host.exited).toBe(0);
  for (const pid of forkedPids(host)) await waitGone(pid);
});

/** A request round trip: the server's close handling has run before it answers. */
async function waitClientsGone(url: string, token: string): Promise<void> {
  await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
}

test('quit finishes the CG writes in flight: each answers 200 or is refused unread, and the file holds what the database holds', async () => {
  // The files are replaced on the CG files thread: the bundle's cg-file-worker.js beside server.js.
  expect(fs.existsSync(path.resolve('out/main/cg-file-worker.js'))).toBe(true);
  host = startDesktopHost();
  const { url, username, password } = await firstRunOwner(host);
  const token = await login(String(url), username, password);
  // A new install stages in NEXT (take mode on, issue 25): this test is about writes that go to
  // air, so the station switches to direct sends first, as an operator would in Settings.
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const settings = (await (await fetch(`${String(url)}/api/settings`, { headers: auth })).json()) as {
    takeMode: boolean;
  };
  expect(settings.takeMode).toBe(true);
  expect(
    (
      await fetch(`${String(url)}/api/settings`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ takeMode: false }),
      })
    ).status,
  ).toBe(200);
  const write = (i: number) =>
    fetch(`${String(url)}/api/cg-files/update-direct`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ type: 'headline', content: `Headline ${i}` }),
    }).then(
      (r) => r.status,
      () => 'refused' as const,
    );
  const writes = Array.from({ length: 30 }, (_, i) => write(i));
  await Promise.race(writes); // the writes are on the server, queued at the on-air gate: quit now
  process.kill(host.pid, 'SIGTERM');
  const statuses = await Promise.all(writes);
  expect(await host.exited).toBe(0);

  // A request the server had not read yet is refused (the operator sees an error, never a false
  // success); one it had read finishes. Before the drain in close(), 27-29 of 30 were cut off.
  expect(
    statuses.every((s) => s === 200 || s === 'refused'),
    JSON.stringify(statuses),
  ).toBe(true);
  // Measured: 19-30 of 30 answered with the drain, 1-3 without; 10 leaves room for a loaded machine.
  expect(statuses.filter((s) => s === 200).length, JSON.stringify(statuses)).toBeGreaterThanOrEqual(10);
  const answered = statuses.flatMap((s, i) => (s === 200 ? [`Headline ${i}`] : []));
  const db = new Database(path.join(host.userData, 'data', 'cg-bridge.sqlite'), { readonly: true });
  const row = db.prepare("SELECT content FROM cg_files WHERE type = 'headline'").get() as { content: string };
  db.close();
  expect(answered).toContain(row.content);
  expect(fs.readFileSync(path.join(host.userData, 'cg_output', 'headline.txt'), 'utf8')).toBe(row.content);
});
