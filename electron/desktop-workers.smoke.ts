import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startFakeCasparcg } from '../server/test/fake-casparcg';
import { startFakeFeeds } from '../server/test/fake-feeds';
import { SCHED_IDLE, threadPriorities } from '../server/test/proc-threads';
import { firstRunOwner, login, startDesktopHost, waitGone, type DesktopHost } from './test-support/desktop-host';

/**
 * The built server's worker threads (issue 24): out/main/heavy-worker.js is its own bundle entry,
 * found beside out/main/server.js (server/workers/heavy-pool.ts). A bulk import is checked there
 * and a wire feed is fetched and parsed by the wires reader, a process the host starts with the
 * same file (issue 26), so a worker that cannot load in the bundle — or a
 * task whose code the bundle lacks — fails this test with a 5xx or a feed error. The outputs
 * thread (issue 25) runs it too: a CasparCG output's first send and its Test go out from there.
 */
let host: DesktopHost | null = null;
afterEach(() => {
  host?.killGroup();
  host = null;
});

test('the built server checks a bulk import on its heavy worker, reads a wire feed in its wires reader process and drives CasparCG from its outputs thread (all heavy-worker.js beside server.js), and quits cleanly', async () => {
  expect(fs.existsSync(path.resolve('out/main/heavy-worker.js'))).toBe(true);
  // The fake agencies listen on 127.0.0.1, which a feed may reach only when the server allows loopback.
  host = startDesktopHost({ env: { WIRES_ALLOW_LOOPBACK: 'on' } });
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
  expect([malformed.status, ((await malformed.json()) as { message: string }).message]).toEqual([
    400,
    'Malformed JSON body',
  ]);
  expect(await wireFeedPolled(url, token)).toMatchObject({ itemCount: 2, lastError: null });
  // The wires reader is a process of its own, started by the host (electron/main/reader-relay.ts),
  // every thread of it at lowered priority (Linux: its parse thread SCHED_IDLE).
  const forks = host.events.filter((ev) => ev.event === 'utilityProcess.fork');
  const [server] = forks;
  const reader = forks.find((ev) => String(ev.modulePath).endsWith('heavy-worker.js'));
  expect(reader?.pid).toBeGreaterThan(0);
  if (process.platform === 'linux') {
    const threads = threadPriorities(reader!.pid as number);
    expect(Math.min(...threads.map((t) => t.nice))).toBeGreaterThanOrEqual(10);
    // Its parse thread (the bundle's heavy-worker.js again, as a thread) runs SCHED_IDLE; its own thread does not.
    expect(threads.some((t) => t.policy === SCHED_IDLE)).toBe(true);
    expect(threads.find((t) => t.tid === reader!.pid)?.policy).toBe(0);
  }
  expect(await casparcgDriven(url, token)).toEqual({
    firstSend: 'CG STOP',
    test: { ok: true, message: 'CasparCG 2.3.0 b1234 Stable answered' },
  });

  // A server that dies takes its reader with it (the host stops it), and the restarted server reads feeds again.
  process.kill(server!.pid as number, 'SIGKILL');
  await waitGone(reader!.pid as number);
  await host.waitFor('setTitle', (e) => e.title === 'CG Bridge', 20_000, host.events.length);
  const again = await login(url, username, password);
  expect(await wireFeedPolled(url, again)).toMatchObject({ lastError: null });

  process.kill(host.pid, 'SIGTERM');
  expect(await host.exited).toBe(0);
  for (const e of host.events.filter((ev) => ev.event === 'utilityProcess.fork')) await waitGone(e.pid as number);
});

/** A feed of the local fake feed server, added and polled now: fetched and parsed by the bundle's wires reader process. */
async function wireFeedPolled(url: string, token: string): Promise<{ itemCount: number; lastError: string | null }> {
  const feeds = await startFakeFeeds();
  try {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${url}/api/wires/feeds`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Smoke', url: `${feeds.url}/rss.xml`, enabled: false }),
    });
    const { id } = (await created.json()) as { id: number };
    const polled = await fetch(`${url}/api/wires/feeds/${id}/poll`, { method: 'POST', headers });
    return (await polled.json()) as { itemCount: number; lastError: string | null };
  } finally {
    await feeds.close();
  }
}

/** A CasparCG output on the fake AMCP server: its lane's first send (nothing on air: CG STOP) and its Test, both from the bundle's outputs thread. */
async function casparcgDriven(url: string, token: string): Promise<{ firstSend: string | undefined; test: unknown }> {
  const caspar = await startFakeCasparcg();
  try {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = {
      kind: 'casparcg',
      name: 'Smoke CasparCG',
      enabled: true,
      config: { host: '127.0.0.1', port: caspar.port, template: 'lower' },
    };
    const created = await fetch(`${url}/api/outputs`, { method: 'POST', headers, body: JSON.stringify(body) });
    const { id } = (await created.json()) as { id: number };
    const deadline = Date.now() + 10_000;
    while (!caspar.cg().length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const tested = await fetch(`${url}/api/outputs/${id}/test`, { method: 'POST', headers });
    return { firstSend: caspar.cg()[0]?.name, test: await tested.json() };
  } finally {
    await caspar.close();
  }
}
