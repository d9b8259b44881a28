import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnAirGate } from '../../lib/on-air-gate';
import { yieldToAir } from '../../lib/time-slices';
import { startFakeFeeds, type FakeFeeds } from '../../test/fake-feeds';
import { decodeBody, fetchFeed } from './wires.fetch';

let feeds: FakeFeeds;
beforeAll(async () => {
  feeds = await startFakeFeeds();
});
afterAll(() => feeds.close());

const gate = new OnAirGate();
const opts = { etag: null, lastModified: null, timeoutMs: 30_000, pause: () => yieldToAir(gate) };

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

  it('is cut off by the stop signal (shutdown) instead of waiting out its timeout', async () => {
    const stop = new AbortController();
    const pending = fetchFeed(`${feeds.url}/slow.xml`, { ...opts, stop: stop.signal });
    stop.abort();
    // Without the signal the slow feed would answer (a valid, empty feed) after 2 s and resolve.
    await expect(pending).rejects.toThrow(/stopping/);
  });
});
