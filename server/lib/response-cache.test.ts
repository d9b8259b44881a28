import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { News } from '../../shared/contracts/news';
import { createCompany, loginDevOwner } from '../test/factories';
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
    expect((await owner.get<Array<{ type: string; content: string }>>('/api/cg-files')).body.find((f) => f.type === 'emergency')?.content).toBe('');
  });
});
