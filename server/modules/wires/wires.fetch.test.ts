import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnAirGate } from '../../lib/on-air-gate';
import { startFakeFeeds, type FakeFeeds } from '../../test/fake-feeds';
import { fetchFeed } from './wires.fetch';

let feeds: FakeFeeds;
beforeAll(async () => {
  feeds = await startFakeFeeds();
});
afterAll(() => feeds.close());

const opts = { etag: null, lastModified: null, timeoutMs: 30_000, onAir: new OnAirGate() };

describe('fetchFeed', () => {
  it('stops reading at the limit: a 200 MB stream is refused and never sent in full', async () => {
    await expect(fetchFeed(`${feeds.url}/huge.xml?mb=200`, opts)).rejects.toThrow(/larger than 5 MB/);
    // Socket buffers hold a few MB at most: had we read on, the fake would have finished.
    expect(feeds.hugeFinished).toBe(false);
    expect(feeds.hugeBytesWritten).toBeLessThan(200 * 1024 * 1024);
  });

  it('sends the validators it was given and reports 304 as not modified', async () => {
    const first = await fetchFeed(`${feeds.url}/conditional.xml`, opts);
    if (first.kind !== 'body') throw new Error('expected a body');
    const again = await fetchFeed(`${feeds.url}/conditional.xml`, { ...opts, etag: first.etag });
    const since = await fetchFeed(`${feeds.url}/conditional.xml`, { ...opts, lastModified: first.lastModified });
    expect([again.kind, since.kind]).toEqual(['not-modified', 'not-modified']);
  });
});
