import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { News } from '../../shared/contracts/news';
import type { Actor } from './auth';
import { EventBus } from './event-bus';
import { ResponseCache, type SlicedList } from './response-cache';
import { createCompany, createStation, loginDevOwner } from '../test/factories';
import { createNews } from '../test/news-factory';
import { startTestServer, type TestServer } from '../test/test-server';
import type { ApiClient } from '../test/api-client';

let server: TestServer;
let owner: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  owner = await loginDevOwner(server);
  for (let i = 0; i < 5; i++) await createNews(owner, { title: `Cached ${i}` });
});
afterAll(() => server.close());
// A fresh session per test: the unpaged list costs 10 of a session's read budget (read-rate.ts).
beforeEach(async () => {
  owner = await loginDevOwner(server);
});

describe('the unpaged news list is built once per change', () => {
  it('answers the same bytes with a strong ETag, and 304 to a client that has them', async () => {
    const a = await owner.get<News[]>('/api/news');
    const b = await owner.get<News[]>('/api/news');
    expect(a.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    expect(b.body).toEqual(a.body);
    const again = await owner.request('GET', '/api/news', undefined, { 'if-none-match': a.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('shows a change at once: a new article, an edit, a delete', async () => {
    const before = (await owner.get('/api/news')).headers.get('etag');
    const created = await createNews(owner, { title: 'Fresh story' });
    const after = await owner.get<News[]>('/api/news');
    expect(after.headers.get('etag')).not.toBe(before);
    expect(after.body[0]?.title).toBe('Fresh story');
    await owner.put(`/api/news/${created.id}`, { title: 'Fresh story, edited' });
    expect((await owner.get<News[]>('/api/news')).body[0]?.title).toBe('Fresh story, edited');
    await owner.delete(`/api/news/${created.id}`);
    expect((await owner.get<News[]>('/api/news')).body.map((n) => n.id)).not.toContain(created.id);
    expect((await owner.get<News[]>('/api/news?status=draft')).body.every((n) => n.status === 'draft')).toBe(true);
  });

  it('is not rebuilt by on-air writes, and never crosses companies', async () => {
    const etag = (await owner.get('/api/news')).headers.get('etag');
    await owner.post('/api/cg-files/update-direct', { type: 'timer', content: '00:01' });
    expect((await owner.get('/api/news')).headers.get('etag')).toBe(etag);
    const { owner: other } = await createCompany(owner, server);
    await createNews(other, { title: 'Station B only' });
    const theirs = await other.get<News[]>('/api/news');
    expect(theirs.body.map((n) => n.title)).toEqual(['Station B only']);
    expect((await owner.get<News[]>('/api/news')).body.map((n) => n.title)).not.toContain('Station B only');
  });
});

describe('the CG list is built once per CG change', () => {
  it('answers from the cache until the next on-air write, which it shows at once', async () => {
    await owner.post('/api/cg-files/update-direct', { type: 'infoline', content: 'First' });
    const a = await owner.get<Array<{ type: string; content: string }>>('/api/cg-files');
    const b = await owner.get('/api/cg-files');
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    await owner.post('/api/cg-files/update-direct', { type: 'infoline', content: 'Second' });
    const c = await owner.get<Array<{ type: string; content: string }>>('/api/cg-files');
    expect(c.headers.get('etag')).not.toBe(a.headers.get('etag'));
    expect(c.body.find((f) => f.type === 'infoline')?.content).toBe('Second');
    const end = await owner.post('/api/cg-files/emergency', { content: 'Evacuate' });
    expect(end.status).toBe(200);
    await owner.post('/api/cg-files/emergency/end');
    expect(
      (await owner.get<Array<{ type: string; content: string }>>('/api/cg-files')).body.find(
        (f) => f.type === 'emergency',
      )?.content,
    ).toBe('');
  });
});

describe('the unpaged news list, built a slice at a time', () => {
  // 250 stories through the API are 250 durable commits one after another (a station's writes run
  // one at a time): ~5 s alone, but on the unit-pg run every test file's database shares one
  // cluster and its one WAL, each commit waits for its fsync behind theirs, and the full run took
  // over 20 s here. The list itself is built in milliseconds.
  it('answers the very bytes of the whole list serialized at once, with its headers', async () => {
    const station = await createStation(server);
    for (let i = 0; i < 250; i++)
      await createNews(station.owner, { title: `Story ${i}`, content: `Text of story ${i} ފުރަތަމަ` });
    const actor = { companyId: station.companyId } as Actor;
    expect(await server.services.news.listInSlices(actor).slices()).toHaveLength(3);
    const res = await fetch(`${server.url}/api/news`, { headers: { authorization: `Bearer ${station.owner.token}` } });
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.toString('utf8')).toBe(JSON.stringify(await server.services.news.list(actor)));
    expect([
      res.headers.get('content-type'),
      res.headers.get('content-length'),
      res.headers.get('cache-control'),
    ]).toEqual(['application/json; charset=utf-8', String(body.length), 'no-cache']);
    expect(res.headers.get('etag')).toBe(`"${createHash('sha1').update(body).digest('base64url')}"`);
  }, 120_000);

  it('hands the loop back between slices air first: a slice waits while an on-air write runs', async () => {
    const pause = server.services.news.listInSlices({ companyId: 1 } as Actor).pause;
    let endWrite = () => {};
    const write = server.onAir.run(() => new Promise<void>((resolve) => (endWrite = resolve)));
    let resumed = false;
    const pausing = pause().then(() => (resumed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(resumed).toBe(false);
    endWrite();
    await Promise.all([write, pausing]);
    expect(resumed).toBe(true);
  });
});

describe('ResponseCache.sendList', () => {
  /** A real HTTP server whose one route answers `list` through a cache on its own bus. */
  async function serve(list: SlicedList, bus = new EventBus()) {
    const cache = new ResponseCache(bus);
    const app = express();
    app.get('/list', (req, res) => cache.sendList(req, res, 1, 'list', list));
    const http = app.listen(0, '127.0.0.1');
    await once(http, 'listening');
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/list`;
    return {
      get: () => fetch(url).then(async (r) => ({ etag: r.headers.get('etag'), text: await r.text() })),
      close: () => (cache.close(), http.close()),
    };
  }

  /** Slices over `items`, two to a slice, counting how often the list was laid out; `onPause` runs between slices. */
  function sliced(items: string[], onPause: () => Promise<void> | void = () => {}) {
    const counts = { layouts: 0 };
    const list: SlicedList = {
      slices: () => {
        counts.layouts += 1;
        const ids = [...items.keys()];
        return Promise.resolve(
          [ids.slice(0, 2), ids.slice(2)].map((part) => () => Promise.resolve(part.map((i) => ({ name: items[i] })))),
        );
      },
      pause: async () => {
        await onPause();
        await new Promise((r) => setImmediate(r));
      },
    };
    return { list, counts };
  }

  it('pauses between slices, builds once for every request that asks meanwhile, and answers each the same bytes', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { list, counts } = sliced(['a', 'b', 'c'], () => held);
    const s = await serve(list);
    try {
      let answered = 0;
      const answers = [s.get(), s.get(), s.get()].map((p) => p.finally(() => (answered += 1)));
      await new Promise((r) => setTimeout(r, 50));
      // Held between its slices, the build has answered nobody yet.
      expect(answered).toBe(0);
      release();
      const [first, ...rest] = await Promise.all(answers);
      expect(first?.text).toBe(JSON.stringify([{ name: 'a' }, { name: 'b' }, { name: 'c' }]));
      expect(rest).toEqual([first, first]);
      expect(counts.layouts).toBe(1);
      expect(await s.get()).toEqual(first);
      expect(counts.layouts).toBe(1);
    } finally {
      s.close();
    }
  });

  it('starts again when the company changes mid-build, so the answer is the list as of one moment', async () => {
    const items = ['a', 'b', 'c'];
    const bus = new EventBus();
    // The first build sees a change between its slices (a story renamed and announced).
    const { list, counts } = sliced(items, () => {
      if (counts.layouts !== 1) return;
      items[0] = 'a renamed';
      bus.publish(1, 'news_deleted', { id: 1, permanent: false });
    });
    const s = await serve(list, bus);
    try {
      expect((await s.get()).text).toBe(JSON.stringify([{ name: 'a renamed' }, { name: 'b' }, { name: 'c' }]));
      expect(counts.layouts).toBe(2);
    } finally {
      s.close();
    }
  });

  it('under changes at every pause, the last attempt runs its slices without pausing and answers', async () => {
    const items = ['a', 'b', 'c'];
    const bus = new EventBus();
    const { list, counts } = sliced(items, () => {
      items[2] = `c${counts.layouts}`;
      bus.publish(1, 'news_deleted', { id: 1, permanent: false });
    });
    const s = await serve(list, bus);
    try {
      expect((await s.get()).text).toBe(JSON.stringify([{ name: 'a' }, { name: 'b' }, { name: 'c2' }]));
      expect(counts.layouts).toBe(3);
    } finally {
      s.close();
    }
  });
});
