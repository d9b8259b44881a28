import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { firstRunOwner, login, startDesktopHost, waitGone, type DesktopHost } from './test-support/desktop-host';

/**
 * Backups from the built server (issue 41): the check (integrity_check, counts, SHA-256) runs on a
 * thread the bundle starts with better-sqlite3 found beside it. Under tsx the same code loads from
 * source; here it must load from out/main, as it does in the desktop app on the MCR PC. The copy
 * to the off-PC folder runs on a thread of its own too.
 */
let host: DesktopHost | null = null;
afterEach(() => {
  host?.killGroup();
  host = null;
});

test('the built server takes a backup now: its check passes (verified, the station, its counts) and it is copied off the PC', async () => {
  host = startDesktopHost();
  const { url, username, password } = await firstRunOwner(host);
  const token = await login(url, username, password);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const offsite = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-offsite-'));
  const { settings } = (await (await fetch(`${url}/api/backups`, { headers })).json()) as {
    settings: Record<string, unknown>;
  };
  const saved = await fetch(`${url}/api/backups/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...settings, offsiteFolder: offsite }),
  });
  expect(saved.status).toBe(200);
  const res = await fetch(`${url}/api/backups`, { method: 'POST', headers });
  const body = (await res.json()) as {
    verified?: boolean;
    problem?: string | null;
    stations?: string[];
    counts?: Record<string, number>;
    message?: string;
  };
  expect([res.status, body.verified, body.problem, body.message]).toEqual([201, true, null, undefined]);
  expect(body.stations?.length).toBe(1);
  expect(Object.keys(body.counts ?? {}).length).toBeGreaterThan(5);
  const deadline = Date.now() + 15_000;
  while (!fs.readdirSync(offsite).some((f) => f.endsWith('.manifest.json')) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  expect(fs.readdirSync(offsite).filter((f) => !f.startsWith('.')).length).toBeGreaterThanOrEqual(2);
  fs.rmSync(offsite, { recursive: true, force: true });

  process.kill(host.pid, 'SIGTERM');
  expect(await host.exited).toBe(0);
  for (const e of host.events.filter((ev) => ev.event === 'utilityProcess.fork')) await waitGone(e.pid as number);
});
