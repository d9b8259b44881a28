import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../shared/contracts/api-keys';
import type { ControlState } from '../../shared/contracts/control';
import type { CrawlerContent } from '../../shared/contracts/crawler';
import type { News } from '../../shared/contracts/news';
import { ApiClient } from '../test/api-client';
import { createStation } from '../test/factories';
import { pgQuery } from '../test/pg-cluster';
import type { TestServer } from '../test/test-server';
import { startTwoServers, stopTwoServers, type TwoServers } from '../test/two-servers';

/**
 * Idempotency-Keys on two servers of one PostgreSQL store (issue 43): a repeat sent to the other
 * server — a Stream Deck retrying after its server died, a page that followed to the backup —
 * gets the first answer and causes no second effect. Its own throwaway cluster, two real servers.
 */
let two: TwoServers;
let url: string;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  two = await startTwoServers('two_servers_keys');
  ({ url, a, b } = two);
}, 60_000);
afterAll(() => stopTwoServers(two));

/** The stations' write locks (server/db/store.ts): 'CGB1', then the station's id. */
const WRITER_LOCK_SPACE = 0x43474231;

let seq = 0;
const newKey = () => `two-servers:${++seq}`;
/** The same signed-in user on `server` (sessions are the store's). */
const on = (server: TestServer, client: ApiClient) => new ApiClient(server.url, client.token);
const withKey = <T>(client: ApiClient, method: string, path: string, key: string, body: unknown = {}) =>
  client.request<T>(method, path, body, { 'Idempotency-Key': key });

describe('Idempotency-Keys shared by the servers of a store (issue 43)', () => {
  it('a write repeated on the other server gets the first answer; the headline is added once', async () => {
    const { owner } = await createStation(a);
    const key = newKey();
    const body = { headline: 'Bridge closed' };
    const first = await withKey<CrawlerContent>(owner, 'POST', '/api/news-crawler/add-headline', key, body);
    const again = await withKey<CrawlerContent>(on(b, owner), 'POST', '/api/news-crawler/add-headline', key, body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await owner.get<CrawlerContent>('/api/news-crawler/content')).body.headlines).toEqual(['Bridge closed']);
    // The same key for another request is refused on either server, with the reason.
    const other = await withKey<{ message: string }>(on(b, owner), 'POST', '/api/news-crawler/add-headline', key, {
      headline: 'Another',
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toContain('different request body');
  });

  it('200 parallel creates with one key spread over both servers make one story, all with its answer', async () => {
    const { owner } = await createStation(a);
    const key = newKey();
    const body = { title: 'Harbour fire', content: 'Crews at the quay' };
    const clients = [owner, on(b, owner)];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => withKey<News>(clients[i % 2]!, 'POST', '/api/news', key, body)),
    );
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    const stories = (await owner.get<News[]>('/api/news')).body.filter((n) => n.title === 'Harbour fire');
    expect(stories).toHaveLength(1);
  });

  it('a Stream Deck press repeated on the other server turns the crawler once', async () => {
    const station = await createStation(a);
    for (const headline of ['One', 'Two', 'Three'])
      await station.owner.post('/api/news-crawler/add-headline', { headline });
    const created = await station.owner.post<CreatedApiKey>('/api/company/api-keys', {
      name: 'Stream Deck',
      permissions: ['control.crawler', 'control.state'],
    });
    const press = (server: TestServer) =>
      new ApiClient(server.url).request<{ state: ControlState }>(
        'POST',
        '/api/control/crawler/next',
        {},
        { 'x-api-key': created.body.key, 'Idempotency-Key': 'deck-press-1' },
      );
    const first = await press(a);
    const again = await press(b);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(station.readCg('news_crawler')).toBe('Two\nThree\nOne');
  });

  it('a key whose server died mid-request is taken over: the repeat runs instead of waiting', async () => {
    const { owner } = await createStation(a);
    const key = newKey();
    const user = (await owner.get<{ id: number }>('/api/auth/me')).body.id;
    // What a server killed before it answered leaves: its row, held by a server no longer on the store.
    await pgQuery(
      url,
      `insert into idempotency_keys (scope, route, body, rights, holder, expires_at)
       select '${user}:${key}', 'POST /api/news-crawler/add-headline', 'x', 'x', 'deadbeef', '2999-01-01T00:00:00.000Z'`,
    );
    const repeat = await withKey<CrawlerContent>(on(b, owner), 'POST', '/api/news-crawler/add-headline', key, {
      headline: 'After the crash',
    });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get('idempotent-replayed')).toBeNull();
    expect(repeat.body.headlines).toEqual(['After the crash']);
    const [row] = await pgQuery<{ holder: string; status: number }>(
      url,
      `select holder, status from idempotency_keys where scope = '${user}:${key}'`,
    );
    expect(row).toEqual({ holder: b.relay!.serverId, status: 200 });
  });

  it('a repeat on the other server waits for the first request still running, then gets its answer', async () => {
    const { owner, companyId } = await createStation(a);
    const key = newKey();
    const body = { headline: 'Slow one' };
    // The first request holds the key while its write waits for the station's lock, held here.
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    await lock.query('select pg_advisory_lock($1, $2)', [WRITER_LOCK_SPACE, companyId]);
    const first = withKey<CrawlerContent>(owner, 'POST', '/api/news-crawler/add-headline', key, body);
    await expect
      .poll(async () => (await pgQuery(url, `select 1 from idempotency_keys where scope like '%:${key}'`)).length)
      .toBe(1);
    const again = withKey<CrawlerContent>(on(b, owner), 'POST', '/api/news-crawler/add-headline', key, body);
    await new Promise((r) => setTimeout(r, 300));
    await lock.end();
    const [one, two] = await Promise.all([first, again]);
    expect(one.status).toBe(200);
    expect(two.headers.get('idempotent-replayed')).toBe('true');
    expect(two.body).toEqual(one.body);
    expect((await owner.get<CrawlerContent>('/api/news-crawler/content')).body.headlines).toEqual(['Slow one']);
  });
});
