import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { WireFeed } from '../../../shared/contracts/wires';
import type { LoginResponse } from '../../../shared/contracts/auth';
import { ApiClient } from '../../test/api-client';
import { type FakeFeeds } from '../../test/fake-feeds';
import { childPids, SCHED_IDLE, threadPriorities } from '../../test/proc-threads';
import { pidAlive, spawnServer, waitGone } from '../../test/spawn-server';
import { startTestServer, type TestServer } from '../../test/test-server';
import { createStation } from '../../test/factories';
import { addFeed, pollFeed, useWiresServer } from '../../test/wires-helpers';
import { until } from '../../test/fake-device';

/**
 * Issue 26: the wires reader is a Node process of its own, not a thread of the server, so its
 * parsing and its garbage collection run on threads of its own at lowered priority — a thread's GC
 * ran on the server's helper threads, at air's priority. It never outlives the server.
 */
let server: TestServer;
let feeds: FakeFeeds;
useWiresServer((s, f) => {
  server = s;
  feeds = f;
});

describe('the wires reader process', () => {
  it('reads feeds in a process of its own at lowered priority (nice ≥ 10), parsing on a SCHED_IDLE thread (Linux)', async () => {
    const { owner } = await createStation(server);
    expect(await addFeed(owner, feeds, '/rss.xml')).toMatchObject({ itemCount: 2, lastError: null });
    const [reader] = server.wiresReader.pids;
    expect(reader).toBeGreaterThan(0);
    expect(reader).not.toBe(process.pid);
    const threads = threadPriorities(reader!);
    // Node's main thread, V8's GC/compiler threads, libuv's and the parse thread's: all of them.
    expect(threads.length).toBeGreaterThan(4);
    expect(Math.min(...threads.map((t) => t.nice))).toBeGreaterThanOrEqual(10);
    // The parse thread (and what it started) runs only on an idle core; the reader's own thread,
    // where downloads and their timeouts run, does not (a starved download would time out).
    const idle = threads.filter((t) => t.policy === SCHED_IDLE);
    expect(idle.length).toBeGreaterThan(0);
    expect(threads.find((t) => t.tid === reader)?.policy).toBe(0);
    // The server's own threads are untouched.
    const own = threadPriorities(process.pid);
    expect(Math.max(...own.map((t) => t.nice))).toBe(0);
    expect(own.some((t) => t.policy === SCHED_IDLE)).toBe(false);
  });

  it('from source runs a plain-JavaScript build of its entry, without tsx, and its parse thread runs that build too', async () => {
    const { owner } = await createStation(server);
    expect(await addFeed(owner, feeds, '/feed.json')).toMatchObject({ lastError: null });
    const [reader] = server.wiresReader.pids;
    const args = fs.readFileSync(`/proc/${reader!}/cmdline`, 'utf8').split('\0').filter(Boolean);
    // Through tsx the reader compiled every module at its first poll (docs/performance.md, "Wires reader", the plain-build row).
    expect(args.some((a) => a.includes('tsx'))).toBe(false);
    expect(args.at(-1)).toMatch(/node_modules\/\.cache\/cg-bridge\/heavy-worker-[0-9a-f]{16}\.mjs$/);
    // The feed was parsed on the idle thread, so that thread started from the same build.
    expect(threadPriorities(reader!).some((t) => t.policy === SCHED_IDLE)).toBe(true);
  });

  it('a reader that dies is replaced: the next poll reads the feed in a new process', async () => {
    const { owner } = await createStation(server);
    const feed = await addFeed(owner, feeds, '/atom.xml');
    const [first] = server.wiresReader.pids;
    process.kill(first!, 'SIGKILL');
    await waitGone(first!);
    expect(await pollFeed(owner, feed.id)).toMatchObject({ lastError: null });
    const [second] = server.wiresReader.pids;
    expect(second).toBeGreaterThan(0);
    expect(second).not.toBe(first);
  });

  it("a station's first feed starts the reader and its parse thread before any poll, not during the first one", async () => {
    const own = await startTestServer();
    try {
      const { owner } = await createStation(own);
      expect(own.wiresReader.pids).toEqual([]);
      const created = await owner.post<WireFeed>('/api/wires/feeds', {
        name: 'Held',
        url: `${feeds.url}/rss.xml`,
        enabled: false,
      });
      expect(created.status).toBe(201);
      // The parse thread is the reader's SCHED_IDLE thread: it used to start at the first parse.
      const parseThread = () =>
        own.wiresReader.pids.some((pid) => threadPriorities(pid).some((t) => t.policy === SCHED_IDLE));
      await until(parseThread, 'the reader and its parse thread to start', 10_000);
      const [feed] = (await owner.get<WireFeed[]>('/api/wires/feeds')).body;
      expect(feed).toMatchObject({ id: created.body.id, lastPolledAt: null, itemCount: 0 });
    } finally {
      await own.close();
    }
  });

  it('closing the server stops its reader', async () => {
    const own = await startTestServer();
    const { owner } = await createStation(own);
    await addFeed(owner, feeds, '/rss.xml');
    const [reader] = own.wiresReader.pids;
    await own.close();
    expect(pidAlive(reader!)).toBe(false);
  });

  it('a killed server (SIGKILL) leaves no reader running, even one waiting on a slow agency', async () => {
    // The fake agency is on 127.0.0.1, which a server refuses by default (issue 37).
    const proc = await spawnServer(undefined, { WIRES_FETCH_TIMEOUT_MS: '60000', WIRES_ALLOW_LOOPBACK: 'on' });
    const slowMs = feeds.slowMs;
    feeds.slowMs = 60_000;
    try {
      const client = new ApiClient(proc.url);
      client.token = (
        await client.post<LoginResponse>('/api/auth/login', { username: 'owner', password: 'owner-password' })
      ).body.token;
      const created = await client.post<WireFeed>('/api/wires/feeds', {
        name: 'Crash',
        url: `${feeds.url}/slow.xml`,
        enabled: false,
      });
      const asked = feeds.hits.get('/slow.xml') ?? 0;
      void client.post(`/api/wires/feeds/${created.body.id}/poll`).catch(() => undefined);
      while ((feeds.hits.get('/slow.xml') ?? 0) === asked) await new Promise((resolve) => setTimeout(resolve, 20));
      // The reader now waits a minute on the agency. Its children: the reader and tsx's esbuild service.
      const readers = childPids(proc.pid, 'heavy-worker');
      expect(readers).toHaveLength(1);
      process.kill(proc.pid, 'SIGKILL');
      await waitGone(readers[0]!);
      expect(pidAlive(readers[0]!)).toBe(false);
    } finally {
      feeds.slowMs = slowMs;
      await proc.kill('SIGKILL');
      fs.rmSync(proc.baseDir, { recursive: true, force: true });
    }
  });
});
