import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIRES, type WireFeed } from '../../../shared/contracts/wires';
import { createStation } from '../../test/factories';
import { rss, startFakeFeeds, type FakeFeeds, type FakeItem } from '../../test/fake-feeds';
import { startTestServer, withRestart, type TestServer } from '../../test/test-server';
import { addFeed, pollFeed, wireItems } from '../../test/wires-helpers';
import { INSERT_SLICE, parseFeedBody } from '../../workers/feed-parse';
import { FEED_UNREADABLE } from './wires.messages';
import { WIRES_BUSY_MESSAGE } from './wires.poller';

/**
 * Issue 26 + 24: a feed is fetched and parsed on the wires reader process, not on the air thread;
 * the air thread only inserts what comes back. A full reader is the server's state, not the feed's fault.
 */
let feeds: FakeFeeds;
let server: TestServer;
/** Its workers also serve `hold` (server/test/heavy-hold-worker.ts), to fill the wires reader. */
let holding: TestServer;

beforeAll(async () => {
  feeds = await startFakeFeeds();
  server = await startTestServer();
  holding = await startTestServer({ workerEntry: new URL('../../test/heavy-hold-worker.ts', import.meta.url) });
});
afterAll(async () => {
  await Promise.all([server.close(), holding.close()]);
  await feeds.close();
});

const reads = (s: TestServer) => s.wiresReader.answered.get('wires.read') ?? 0;

describe('wires: fetch and parse run on the wires reader process', () => {
  it('every poll is read by the reader process — a good feed, a refused one, a 304 — and none by the heavy pool', async () => {
    const { owner } = await createStation(server);
    const before = reads(server);
    const heavyBefore = [...server.heavy.answered.values()].reduce((a, b) => a + b, 0);
    const good = await addFeed(owner, feeds, '/rss.xml');
    expect(good).toMatchObject({ itemCount: 2, lastError: null });
    expect(reads(server)).toBe(before + 1);
    const bad = await addFeed(owner, feeds, '/malformed.xml');
    expect(bad.lastError).toBe(FEED_UNREADABLE);
    expect(reads(server)).toBe(before + 2);
    const conditional = await addFeed(owner, feeds, '/conditional.xml');
    const second = await pollFeed(owner, conditional.id);
    expect(second).toMatchObject({ lastError: null, itemCount: 1 });
    expect(reads(server)).toBe(before + 4);
    // The heavy pool's thread (bulk imports, uploads) was not used by any of them.
    expect([...server.heavy.answered.values()].reduce((a, b) => a + b, 0)).toBe(heavyBefore);
  });

  it('a full reader leaves the feed a message (no failure, validators not kept); the next poll reads it', async () => {
    const { owner } = await createStation(holding);
    const created = await owner.post<WireFeed>('/api/wires/feeds', {
      name: 'Held',
      url: `${feeds.url}/conditional.xml`,
      enabled: false,
    });
    const release = path.join(os.tmpdir(), `cgb-hold-${process.pid}-${Date.now()}`);
    const holds: Promise<unknown>[] = [];
    // The reader's thread held and every queue place taken: it refuses the next task with 503.
    while (!holding.wiresReader.full) holds.push(holding.wiresReader.run('hold', release));
    try {
      const refused = await pollFeed(owner, created.body.id);
      expect(refused).toMatchObject({ lastError: WIRES_BUSY_MESSAGE, failures: 0, itemCount: 0, lastSuccessAt: null });
      expect(new Date(refused.nextPollAt!).getTime() - new Date(refused.lastPolledAt!).getTime()).toBe(
        WIRES.busyRetryMs,
      );
    } finally {
      fs.writeFileSync(release, '');
    }
    await Promise.all(holds);
    fs.rmSync(release);
    // Had the ETag of the refused poll been kept, this would be a 304 and store nothing.
    const notModified = feeds.notModified;
    const read = await pollFeed(owner, created.body.id);
    expect(read).toMatchObject({ lastError: null, failures: 0, itemCount: 1 });
    expect(feeds.notModified).toBe(notModified);
    expect(await wireItems(owner)).toHaveLength(1);
  });
});

describe('wires: the reader keeps out of an on-air write', () => {
  it('starts its thread with the first feed and at start-up when feeds exist, not at the first poll', async () => {
    await withRestart(
      async (fresh) => {
        expect(fresh.wiresReader.threads).toBe(0);
        const { owner } = await createStation(fresh);
        const created = await owner.post<WireFeed>('/api/wires/feeds', {
          name: 'Later',
          url: `${feeds.url}/rss.xml`,
          enabled: false,
        });
        expect(created.status).toBe(201);
        expect(fresh.wiresReader.threads).toBe(1);
        expect(reads(fresh)).toBe(0);
      },
      // A restart of a station that has feeds: the thread is there before anything is polled.
      (again) => expect([again.wiresReader.threads, reads(again)]).toEqual([1, 0]),
    );
  });

  it('a poll begins after an on-air write in progress, then reads the feed', async () => {
    const { owner } = await createStation(server);
    const created = await owner.post<WireFeed>('/api/wires/feeds', {
      name: 'After air',
      url: `${feeds.url}/rss.xml?after-air`,
      enabled: false,
    });
    const hits = () => feeds.hits.get('/rss.xml') ?? 0;
    let release = () => {};
    const write = server.onAir.run(() => new Promise<void>((resolve) => (release = resolve)));
    const before = hits();
    const polled = pollFeed(owner, created.body.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hits()).toBe(before);
    release();
    await write;
    expect(await polled).toMatchObject({ lastError: null, itemCount: 2 });
    expect(hits()).toBe(before + 1);
  });
});

const item = (i: number, date: string): FakeItem => ({
  guid: `g${i}`,
  title: `Story ${i}`,
  description: `<p>Body <b>${i}</b></p>`,
  link: `http://example.test/${i}`,
  date,
});
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('parseFeedBody (the worker task, called in-thread)', () => {
  it('decodes the declared charset, keeps the newest 500 within 30 days, in JSON texts of one insert slice', async () => {
    const now = Date.now();
    const fresh = Array.from({ length: 600 }, (_, i) => item(i, new Date(now - i * 60_000).toISOString()));
    const old = item(9999, new Date(now - 31 * 24 * 3_600_000).toISOString());
    const xml = rss('Café wire', [old, ...fresh])
      .replace('Story 0', 'Café 0')
      .replace('encoding="UTF-8"', 'encoding="windows-1252"');
    const cutoff = new Date(now - WIRES.keepDays * 24 * 3_600_000).toISOString();
    const result = await parseFeedBody({ bytes: bytes(xml), contentType: 'application/rss+xml', cutoff });
    if (!result.ok) throw new Error(result.message);
    expect(result.entries).toBe(WIRES.keepItems);
    expect(result.chunks).toHaveLength(WIRES.keepItems / INSERT_SLICE);
    const entries = result.chunks.flatMap((c) => JSON.parse(c) as { guid: string; title: string; summary: string }[]);
    expect(entries[0]).toMatchObject({ guid: 'g0', title: 'Café 0', summary: 'Body 0' });
    expect(entries.map((e) => e.guid)).not.toContain('g9999');
    expect(entries.at(-1)?.guid).toBe('g499');
  });

  it('answers a refused feed with its message instead of failing the task', async () => {
    const cutoff = new Date(0).toISOString();
    expect(await parseFeedBody({ bytes: bytes(''), contentType: 'text/xml', cutoff })).toEqual({
      ok: false,
      message: 'The feed answered an empty body',
    });
    const broken = await parseFeedBody({ bytes: bytes('{"title":"x"}'), contentType: 'application/json', cutoff });
    expect(broken).toMatchObject({ ok: false, message: expect.stringMatching(/no items list/) as unknown });
  });
});
