import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import {
  firstRunOwner,
  login,
  startDesktopHost,
  waitGone,
  waitHealthy,
  type DesktopHost,
  type HostEvent,
} from './test-support/desktop-host';

/**
 * The desktop app's first-run screen "Restore from a backup" (issue 41), from the BUILT bundle
 * (out/main/index.js, server.js, restore.js): a new MCR PC takes over the station of a lost one.
 * The stand-in answers the boxes in turn (CGB_STANDIN_DIALOG_RESPONSES) and picks the file of
 * CGB_STANDIN_OPEN_FILES in the open dialog.
 */
const hosts: DesktopHost[] = [];
afterEach(() => {
  for (const h of hosts.splice(0)) h.killGroup();
});

function start(options: Parameters<typeof startDesktopHost>[0] = {}): DesktopHost {
  const host = startDesktopHost(options);
  hosts.push(host);
  return host;
}

const boxes = (host: DesktopHost) => host.events.filter((e) => e.event === 'dialog.showMessageBox');
const titleOf = (e: HostEvent) => (e.options as { title: string }).title;

async function quit(host: DesktopHost): Promise<void> {
  process.kill(host.pid, 'SIGTERM');
  expect(await host.exited).toBe(0);
  for (const e of host.events.filter((ev) => ev.event === 'utilityProcess.fork')) await waitGone(e.pid as number);
}

/** A station on an old PC with one story, backed up from Settings → Backups; the PC then quits. */
async function oldPcBackup(): Promise<{ backup: string; username: string; password: string; title: string }> {
  const old = start();
  const { url, username, password } = await firstRunOwner(old);
  const headers = {
    authorization: `Bearer ${await login(url, username, password)}`,
    'content-type': 'application/json',
  };
  const title = 'ރައީސް — budget vote tonight';
  expect(
    (
      await fetch(`${url}/api/news`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title, content: 'Lead story.' }),
      })
    ).status,
  ).toBe(201);
  const taken = await fetch(`${url}/api/backups`, { method: 'POST', headers });
  const { name } = (await taken.json()) as { name: string };
  expect(taken.status).toBe(201);
  await quit(old);
  // Carried to the new PC (a USB disk or the off-PC share): only the file, its manifest beside it.
  const carried = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-carried-'));
  for (const f of fs.readdirSync(path.join(old.userData, 'data', 'backups')).filter((f) => f.startsWith(name))) {
    fs.copyFileSync(path.join(old.userData, 'data', 'backups', f), path.join(carried, f));
  }
  return { backup: path.join(carried, name), username, password, title };
}

test('a new PC restores the lost PC’s backup from the first-run screen: the station, its users and its stories are back', async () => {
  const { backup, username, password, title } = await oldPcBackup();
  // Welcome → "Restore from a backup" (1); the confirmation → "Restore" (0).
  const host = start({ env: { CGB_STANDIN_DIALOG_RESPONSES: '1,0', CGB_STANDIN_OPEN_FILES: backup } });
  const confirm = await host.waitFor('dialog.showMessageBox', (e) => titleOf(e).includes('restore from a backup'));
  const shown = confirm.options as { message: string; detail: string; buttons: string[] };
  expect(shown.buttons).toEqual(['Restore', 'Cancel']);
  expect(shown.detail).toContain(`Backup: ${backup}`);
  expect(shown.detail).toMatch(/Rows: .*news 1\b/);
  expect(shown.message).toMatch(/^Restore .+ as it was on /);
  const { url } = await host.waitFor('loadURL');
  await waitHealthy(String(url));
  const restoreFork = host.events.find(
    (e) => e.event === 'utilityProcess.fork' && String(e.modulePath).endsWith('restore.js'),
  );
  expect(restoreFork).toBeDefined();
  await waitGone(restoreFork?.pid as number);

  // The old PC's owner signs in on the new PC; no new owner was made.
  const headers = { authorization: `Bearer ${await login(String(url), username, password)}` };
  const news = (await (await fetch(`${String(url)}/api/news`, { headers })).json()) as { title: string }[];
  expect(news.map((n) => n.title)).toEqual([title]);
  const activity = await (await fetch(`${String(url)}/api/activity-logs`, { headers })).text();
  expect(activity).toContain('first-run screen');
  expect(boxes(host).map(titleOf)).toEqual(['CG Bridge — welcome', 'CG Bridge — restore from a backup']);
  await quit(host);
});

test('a damaged file is refused with the reason and nothing restored; the welcome comes back and a new station can start', async () => {
  const damaged = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-damaged-')), 'cg-bridge-backup.sqlite');
  fs.writeFileSync(damaged, Buffer.alloc(64 * 1024, 7));
  // Welcome → Restore (1); the file is refused; welcome again → Start a new station (0).
  const host = start({ env: { CGB_STANDIN_DIALOG_RESPONSES: '1,0', CGB_STANDIN_OPEN_FILES: damaged } });
  const refused = await host.waitFor('dialog.showErrorBox');
  expect(refused.title).toBe('CG Bridge — restore refused');
  expect(String(refused.content)).toMatch(/integrity|not a database/i);
  const { url, username, password } = await firstRunOwner(host);
  expect(await login(url, username, password)).toMatch(/\S{20,}/);
  expect(boxes(host).map(titleOf).slice(0, 2)).toEqual(['CG Bridge — welcome', 'CG Bridge — welcome']);
  await quit(host);
});

test('a PC that already has a station starts straight away: no welcome', async () => {
  const first = start();
  await firstRunOwner(first);
  await quit(first);
  const again = start({ userData: first.userData, env: { CGB_STANDIN_DIALOG_RESPONSE: '1' } });
  const { url } = await again.waitFor('loadURL');
  await waitHealthy(String(url));
  expect(boxes(again)).toEqual([]);
  await quit(again);
});
