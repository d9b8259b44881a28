import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIRES, type WireFeed } from '../../../shared/contracts/wires';
import type { ApiClient, ApiResponse } from '../../test/api-client';
import { createStation } from '../../test/factories';
import { until } from '../../test/fake-device';
import { startFakeFeeds, type FakeFeeds } from '../../test/fake-feeds';
import { startTestServer, type TestServer } from '../../test/test-server';
import { addFeed, pollFeed } from '../../test/wires-helpers';
import { READER_SHARE, WIRES_STATION_BUSY_MESSAGE } from './wires.poller';

/**
 * Issue 37 point 6: one station's 40 feeds at a URL that never answers, polled 40 at once, took
 * every place of the wires reader — another station's poll answered "Not read this time: the
 * server was busy reading other feeds". Each station now has its share of the reader, and
 * "Poll now" is limited per station (429 with Retry-After).
 */
let feeds: FakeFeeds;
let server: TestServer;

beforeAll(async () => {
  feeds = await startFakeFeeds();
  // The default 10 s timeout: the hung reads hold their places for the whole test.
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await feeds.close();
});

const HUNG_FEEDS = 40;

async function hungFeeds(owner: ApiClient): Promise<number[]> {
  const ids: number[] = [];
  // Each feed added is polled at once: adding them is itself 40 reads of a URL that never answers.
  for (let i = 0; i < HUNG_FEEDS; i++) {
    const res = await owner.post<WireFeed>('/api/wires/feeds', {
      name: `Hung ${i}`,
      url: `${feeds.url}/hang.xml?n=${i}`,
    });
    if (res.status !== 201) throw new Error(`add failed: ${res.status}`);
    ids.push(res.body.id);
  }
  return ids;
}

const pollAll = (owner: ApiClient, ids: number[]): Promise<ApiResponse<WireFeed & { message?: string }>[]> =>
  Promise.all(ids.map((id) => owner.post<WireFeed & { message?: string }>(`/api/wires/feeds/${id}/poll`)));

describe("wires: one station cannot starve another's feeds", () => {
  it('station A with 40 hung feeds polled in parallel leaves station B reading its feed at once', async () => {
    const a = await createStation(server);
    const b = await createStation(server);
    const ids = await hungFeeds(a.owner);
    const statuses: number[] = [];
    // Not awaited: the polls that got through wait out their 10 s (and their turn); close() ends them.
    void Promise.all(
      ids.map((id) => a.owner.post(`/api/wires/feeds/${id}/poll`).then((r) => statuses.push(r.status))),
    ).catch(() => undefined);
    // While A's reads hang: B adds a feed and polls it — read, not "busy".
    const added = await addFeed(b.owner, feeds, '/rss.xml?station-b');
    expect(added).toMatchObject({ lastError: null, itemCount: 2, failures: 0 });
    expect(await pollFeed(b.owner, added.id)).toMatchObject({ lastError: null, itemCount: 2 });
    // A never had more than its share in flight; its reads past that were told so (no failure counted).
    expect(server.services.wirePoller.share.inFlight(a.companyId)).toBeLessThanOrEqual(READER_SHARE.perStation);
    const rows = (await a.owner.get<WireFeed[]>('/api/wires/feeds')).body;
    expect(rows.some((f) => f.lastError === WIRES_STATION_BUSY_MESSAGE && f.failures === 0)).toBe(true);
    // Past its burst, A's "Poll now" was refused (at once: the rest still wait on the hung feeds).
    await until(() => statuses.length >= HUNG_FEEDS - WIRES.manualPollsPerMinute, "A's refused polls");
    expect(statuses.filter((s) => s === 429)).toHaveLength(HUNG_FEEDS - WIRES.manualPollsPerMinute);
  });

  it('"Poll now" past the station\'s burst answers 429 with Retry-After and a clear message; another station is not limited', async () => {
    const a = await createStation(server);
    const b = await createStation(server);
    const ids: number[] = [];
    for (let i = 0; i < WIRES.manualPollsPerMinute + 5; i++)
      ids.push(
        (
          await a.owner.post<WireFeed>('/api/wires/feeds', {
            name: `F${i}`,
            url: `${feeds.url}/rss.xml?limit=${i}`,
            enabled: false,
          })
        ).body.id,
      );
    const answers = await pollAll(a.owner, ids);
    const refused = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(WIRES.manualPollsPerMinute);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(r.body.message).toMatch(/Too many "Poll now" requests for this station/);
    }
    const other = await b.owner.post<WireFeed>('/api/wires/feeds', {
      name: 'B',
      url: `${feeds.url}/atom.xml?limit`,
      enabled: false,
    });
    expect((await b.owner.post(`/api/wires/feeds/${other.body.id}/poll`)).status).toBe(200);
  });
});
