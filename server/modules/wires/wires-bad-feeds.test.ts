import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIRES, type WireFeed } from '../../../shared/contracts/wires';
import { createStation } from '../../test/factories';
import { startFakeFeeds, type FakeFeeds } from '../../test/fake-feeds';
import { startTestServer, type TestServer } from '../../test/test-server';
import { addFeed, wireItems } from '../../test/wires-helpers';
import { FEED_UNREADABLE } from './wires.messages';

let server: TestServer;
let feeds: FakeFeeds;

beforeAll(async () => {
  feeds = await startFakeFeeds();
  // The slow feed answers after 4 s; the server gives up after 1.5 s.
  feeds.slowMs = 4_000;
  server = await startTestServer({
    wires: { fetchTimeoutMs: 1_500, manualPollsPerMinute: WIRES.manualPollsPerMinute },
  });
});
afterAll(async () => {
  await server.close();
  await feeds.close();
});

const gapMs = (f: WireFeed) => new Date(f.nextPollAt!).getTime() - new Date(f.lastPolledAt!).getTime();

describe('wires: bad feeds are refused with a message on their row', () => {
  // One text for all of them (issue 37: the row told a port scan what it found); the log has the cause.
  it.each([
    '/malformed.xml',
    '/not-a-feed.html',
    '/error.xml',
    '/slow.xml',
    '/huge.xml',
    '/missing.xml',
    '/unauthorized.xml',
  ])('%s', async (path) => {
    const { owner } = await createStation(server);
    const feed = await addFeed(owner, feeds, path);
    expect(feed.lastError).toBe(FEED_UNREADABLE);
    expect(feed).toMatchObject({ itemCount: 0, failures: 1, lastSuccessAt: null });
    expect(await wireItems(owner)).toEqual([]);
    const listed = (await owner.get<WireFeed[]>('/api/wires/feeds')).body;
    expect(listed.find((f) => f.id === feed.id)?.lastError).toBe(FEED_UNREADABLE);
  });

  it('a healthy feed polled beside a slow one is not held up by it', async () => {
    const { owner } = await createStation(server);
    const slow = await owner.post<WireFeed>('/api/wires/feeds', { name: 'slow', url: feeds.url + '/slow.xml' });
    const good = await addFeed(owner, feeds, '/rss.xml');
    expect(good.itemCount).toBe(2);
    // The slow feed's first poll is still waiting for its answer while the good one is done.
    const listed = (await owner.get<WireFeed[]>('/api/wires/feeds')).body;
    expect(listed.find((f) => f.id === slow.body.id)?.lastPolledAt).toBeNull();
    const slowAfter = await owner.post<WireFeed>(`/api/wires/feeds/${slow.body.id}/poll`);
    expect(slowAfter.body.lastError).toBe(FEED_UNREADABLE);
  });

  it('backs off exponentially after errors (capped), and polls only when due', async () => {
    // A server of its own: feeds of the other tests would be due too and take this tick's turns.
    const own = await startTestServer();
    try {
      await backoffSteps(own);
    } finally {
      await own.close();
    }
  });

  it('refuses a bad URL (400) and the same URL twice (409)', async () => {
    const { owner } = await createStation(server);
    expect((await owner.post('/api/wires/feeds', { name: 'x', url: 'file:///etc/passwd' })).status).toBe(400);
    expect((await owner.post('/api/wires/feeds', { name: '', url: 'http://example.test/a' })).status).toBe(400);
    await addFeed(owner, feeds, '/atom.xml');
    const again = await owner.post<{ message: string }>('/api/wires/feeds', {
      name: 'again',
      url: feeds.url + '/atom.xml',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already/);
  });
});

/** Each error doubles the wait (2, 4, 8 … minutes, capped at 2 h); a tick before the time does nothing. */
async function backoffSteps(own: TestServer): Promise<void> {
  const { owner } = await createStation(own);
  let feed = await addFeed(owner, feeds, '/error.xml');
  // The row shows the first poll a moment before that poll has ended (its fsync runs off the
  // loop); a tick meanwhile would pass the feed over as being polled.
  await own.services.wirePoller.settled();
  expect(gapMs(feed)).toBe(WIRES.backoffBaseMs);
  const hits = () => feeds.hits.get('/error.xml') ?? 0;
  for (let failures = 2; failures <= 9; failures++) {
    const before = hits();
    await own.scheduler.runNow('wires-poll');
    expect(hits()).toBe(before);
    own.clock.advance(gapMs(feed) + 1_000);
    await own.scheduler.runNow('wires-poll');
    expect(hits()).toBe(before + 1);
    feed = (await owner.get<WireFeed[]>('/api/wires/feeds')).body.find((f) => f.id === feed.id)!;
    expect(feed.failures).toBe(failures);
    expect(gapMs(feed)).toBe(Math.min(WIRES.backoffBaseMs * 2 ** (failures - 1), WIRES.backoffMaxMs));
  }
  expect(gapMs(feed)).toBe(WIRES.backoffMaxMs);
}
