import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnAirGate } from '../../lib/on-air-gate';
import { yieldToAir } from '../../lib/time-slices';
import { startFakeFeeds, type FakeFeeds } from '../../test/fake-feeds';
import { PUBLIC_ONLY } from './wires.address';
import { decodeBody, fetchFeed, FeedError } from './wires.fetch';
import { FEED_ADDRESS_REFUSED, FEED_UNREADABLE } from './wires.messages';

let feeds: FakeFeeds;
beforeAll(async () => {
  feeds = await startFakeFeeds();
});
afterAll(() => feeds.close());

const gate = new OnAirGate();
// The fake agency listens on 127.0.0.1: loopback allowed, as on the test server (issue 37).
const network = { allowLoopback: true, allowPrivate: false, ownPorts: [] };
const opts = { etag: null, lastModified: null, timeoutMs: 30_000, pause: () => yieldToAir(gate), network };

/** The error fetchFeed rejected with. */
async function failure(pending: Promise<unknown>): Promise<FeedError> {
  const err = await pending.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof FeedError)) throw new Error(`expected a FeedError, got ${String(err)}`);
  return err;
}

describe('fetchFeed', () => {
  it('stops reading at the limit: a 200 MB stream is refused and never sent in full', async () => {
    await expect(fetchFeed(`${feeds.url}/huge.xml?mb=200`, opts)).rejects.toThrow(/larger than 5 MB/);
    // Socket buffers hold a few MB at most: had we read on, the fake would have finished.
    expect(feeds.hugeFinished).toBe(false);
    expect(feeds.hugeBytesWritten).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a feed whose declared Content-Length is over the limit before reading its body', async () => {
    await expect(fetchFeed(`${feeds.url}/declared-huge.xml`, opts)).rejects.toThrow(/larger than 5 MB/);
    expect(feeds.declaredBodyBytesWritten).toBe(0);
  });

  it('sends the validators it was given and reports 304 as not modified', async () => {
    const first = await fetchFeed(`${feeds.url}/conditional.xml`, opts);
    if (first.kind !== 'body') throw new Error('expected a body');
    const again = await fetchFeed(`${feeds.url}/conditional.xml`, { ...opts, etag: first.etag });
    const since = await fetchFeed(`${feeds.url}/conditional.xml`, { ...opts, lastModified: first.lastModified });
    expect([again.kind, since.kind]).toEqual(['not-modified', 'not-modified']);
  });

  it('decodes in the declared charset (header first, then the XML declaration), UTF-8 otherwise', () => {
    const latin = Buffer.from([0x43, 0x61, 0x66, 0xe9]); // "Café" in windows-1252
    expect(decodeBody(latin, 'application/rss+xml; charset=windows-1252')).toBe('Café');
    const declared = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>'), latin]);
    expect(decodeBody(declared, 'text/xml')).toBe('<?xml version="1.0" encoding="ISO-8859-1"?>Café');
    expect(decodeBody(Buffer.from('ދިވެހި'), 'text/xml; charset=no-such-charset')).toBe('ދިވެހި');
  });

  it('reads a gzip-compressed feed, and stops a gzip bomb at the cap (decompressed bytes count)', async () => {
    const gzipped = await fetchFeed(`${feeds.url}/gzip.xml`, opts);
    if (gzipped.kind !== 'body') throw new Error('expected a body');
    expect(Buffer.from(gzipped.bytes).toString('utf8')).toContain('RSS cabinet meets');
    await expect(fetchFeed(`${feeds.url}/gzip-bomb.xml`, opts)).rejects.toThrow(/larger than 5 MB/);
  });

  it('tells the cause in its message and shows one text for every way the far end fails (issue 37)', async () => {
    const closed = `http://127.0.0.1:9/feed.xml`; // discard port: nothing listens
    const causes = await Promise.all(
      ['/error.xml', '/missing.xml', '/unauthorized.xml'].map((p) => failure(fetchFeed(feeds.url + p, opts))),
    );
    const refused = await failure(fetchFeed(closed, opts));
    const slow = await failure(fetchFeed(`${feeds.url}/hang.xml`, { ...opts, timeoutMs: 300 }));
    expect(causes.map((e) => e.message)).toEqual([
      'The feed answered HTTP 500',
      'The feed answered HTTP 404',
      'The feed answered HTTP 401',
    ]);
    expect(refused.message).toMatch(/ECONNREFUSED/);
    expect(slow.message).toMatch(/No answer within 300 ms/);
    expect(new Set([...causes, refused, slow].map((e) => e.shown))).toEqual(new Set([FEED_UNREADABLE]));
  });

  it('by default refuses loopback, spelled any way or reached by name, before connecting', async () => {
    const port = new URL(feeds.url).port;
    const before = feeds.hits.get('/rss.xml') ?? 0;
    for (const host of [
      '127.0.0.1',
      '127.1',
      '0x7f000001',
      '2130706433',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '0.0.0.0',
      'localhost',
    ]) {
      const err = await failure(fetchFeed(`http://${host}:${port}/rss.xml`, { ...opts, network: PUBLIC_ONLY }));
      expect([host, err.shown]).toEqual([host, FEED_ADDRESS_REFUSED]);
    }
    expect(feeds.hits.get('/rss.xml') ?? 0).toBe(before);
  });

  it('judges every redirect hop by the same policy, and follows at most 5', async () => {
    const port = new URL(feeds.url).port;
    const to = (url: string) => `${feeds.url}/redirect?to=${encodeURIComponent(url)}`;
    const before = feeds.hits.get('/rss.xml') ?? 0;
    // 0.0.0.0 reaches this machine; link-local is a cloud's metadata service.
    expect((await failure(fetchFeed(to(`http://0.0.0.0:${port}/rss.xml`), opts))).shown).toBe(FEED_ADDRESS_REFUSED);
    expect((await failure(fetchFeed(to('http://169.254.169.254/latest/meta-data/'), opts))).shown).toBe(
      FEED_ADDRESS_REFUSED,
    );
    // The server's own port, even with loopback allowed.
    expect(
      (
        await failure(
          fetchFeed(to(`http://localhost:${port}/rss.xml`), {
            ...opts,
            network: { ...network, ownPorts: [Number(port)] },
          }),
        )
      ).shown,
    ).toBe(FEED_ADDRESS_REFUSED);
    expect(feeds.hits.get('/rss.xml') ?? 0).toBe(before);
    // An allowed hop is followed.
    expect((await fetchFeed(to(`${feeds.url}/rss.xml`), opts)).kind).toBe('body');
    let chain = `${feeds.url}/rss.xml`;
    for (let i = 0; i < 6; i++) chain = to(chain);
    expect((await failure(fetchFeed(chain, opts))).message).toMatch(/More than 5 redirects/);
  });

  it('is cut off by the stop signal (shutdown) instead of waiting out its timeout', async () => {
    const stop = new AbortController();
    const pending = fetchFeed(`${feeds.url}/slow.xml`, { ...opts, stop: stop.signal });
    stop.abort();
    // Without the signal the slow feed would answer (a valid, empty feed) after 2 s and resolve.
    await expect(pending).rejects.toThrow(/stopping/);
  });
});
