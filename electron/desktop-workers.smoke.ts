import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { firstRunOwner, login, startDesktopHost, waitGone, type DesktopHost } from './test-support/desktop-host';

/**
 * The built server's worker threads (issue 24): out/main/heavy-worker.js is its own bundle entry,
 * found beside out/main/server.js (server/workers/heavy-pool.ts). A bulk import is checked there,
 * so a worker that cannot load in the bundle fails this test with a 5xx.
 */
let host: DesktopHost | null = null;
afterEach(() => {
  host?.killGroup();
  host = null;
});

test('the built server checks a bulk import on its heavy worker (heavy-worker.js beside server.js) and quits cleanly', async () => {
  expect(fs.existsSync(path.resolve('out/main/heavy-worker.js'))).toBe(true);
  host = startDesktopHost();
  const { url, username, password } = await firstRunOwner(host);
  const token = await login(url, username, password);
  const res = await fetch(`${url}/api/equipment/bulk`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ csvData: [{ name: 'Tripod', code: 'DT-1', location: 'Store' }, { name: 'No code' }] }),
  });
  const body = (await res.json()) as { results: { success: number; failed: number; errors: { row: number }[] } };
  expect([res.status, body.results.success, body.results.failed, body.results.errors[0]?.row]).toEqual([200, 1, 1, 3]);
  const malformed = await fetch(`${url}/api/equipment/bulk`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{"csvData": [',
  });
  expect([malformed.status, ((await malformed.json()) as { message: string }).message]).toEqual([400, 'Malformed JSON body']);

  process.kill(host.pid, 'SIGTERM');
  expect(await host.exited).toBe(0);
  for (const e of host.events.filter((ev) => ev.event === 'utilityProcess.fork')) await waitGone(e.pid as number);
});
