import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { News, NewsPage } from '../../../shared/contracts/news';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('news workflow', () => {
  it('creates a draft with defaults, trimmed text and the creator’s name, ignoring client ids', async () => {
    const dev = await loginDevOwner(server);
    const writer = await createUser(dev, server, 'mcr');
    const res = await writer.post<News>('/api/news', {
      title: '  Cyclone warning  ',
      content: 'Details',
      companyId: 77,
      createdBy: 1,
      status: 'published',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Cyclone warning',
      subtitle: null,
      category: 'General',
      priority: 'normal',
      status: 'draft',
      companyId: writer.user.companyId,
      createdBy: writer.user.id,
      createdByName: 'Test mcr',
      approvedByName: null,
      isDeleted: false,
    });
  });

  it('approve: draft → approved; publish: approved → published; names recorded', async () => {
    const dev = await loginDevOwner(server);
    const editor = await createUser(dev, server, 'editor');
    const admin = await createUser(dev, server, 'admin');
    const draft = await createNews(editor);
    const approved = await admin.post<News>(`/api/news/${draft.id}/approve`);
    expect(approved.body).toMatchObject({
      status: 'approved',
      approvedBy: admin.user.id,
      approvedByName: 'Test admin',
    });
    expect(approved.body.approvedAt).toEqual(expect.any(String));
    const published = await editor.post<News>(`/api/news/${draft.id}/publish`);
    expect(published.body).toMatchObject({
      status: 'published',
      publishedByName: 'Test editor',
      approvedByName: 'Test admin',
    });
  });

  it('refuses illegal transitions with 409', async () => {
    const dev = await loginDevOwner(server);
    const draft = await createNews(dev);
    const early = await dev.post<{ message: string }>(`/api/news/${draft.id}/publish`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Only approved articles can be published (this one is draft)');
    await dev.post(`/api/news/${draft.id}/approve`);
    expect((await dev.post(`/api/news/${draft.id}/approve`)).status).toBe(409);
    await dev.post(`/api/news/${draft.id}/publish`);
    expect((await dev.post(`/api/news/${draft.id}/publish`)).status).toBe(409);
    expect((await dev.post(`/api/news/${draft.id}/approve`)).status).toBe(409);
    const edit = await dev.put<{ message: string }>(`/api/news/${draft.id}`, { title: 'Changed' });
    expect(edit).toMatchObject({ status: 409, body: { message: 'A published article can no longer be edited' } });
  });

  it('validates the form and names the field', async () => {
    const dev = await loginDevOwner(server);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: 'x' }, 'title: Title is required'],
      [{ title: '   ', content: 'x' }, 'title: Title is required'],
      [{ title: 'x' }, 'content: Content is required'],
      [{ title: 'x'.repeat(301), content: 'x' }, 'title: Must be at most 300 characters'],
      [{ title: 'x', content: 'x'.repeat(50_001) }, 'content: Must be at most 50000 characters'],
      [{ title: 'x', content: 'x', priority: 'panic' }, 'priority: Priority must be normal, breaking or urgent'],
      [{ title: 42, content: 'x' }, 'title: Title is required'],
    ];
    for (const [body, message] of cases) {
      const res = await dev.post<{ message: string }>('/api/news', body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('keeps Dhivehi (Thaana) and other RTL text intact', async () => {
    const dev = await loginDevOwner(server);
    const title = 'ރާއްޖޭގެ ޚަބަރު';
    const created = await createNews(dev, { title, content: 'مرحبا بالعالم' });
    expect((await dev.get<News>(`/api/news/${created.id}`)).body).toMatchObject({ title, content: 'مرحبا بالعالم' });
  });
});

describe('news permissions', () => {
  it('cameraman and technical cannot create; writers edit only their own drafts', async () => {
    const dev = await loginDevOwner(server);
    for (const role of ['cameraman', 'technical'] as const) {
      const u = await createUser(dev, server, role);
      expect((await u.post('/api/news', { title: 't', content: 'c' })).status).toBe(403);
      expect((await u.get('/api/news')).status).toBe(200);
    }
    const mcr = await createUser(dev, server, 'mcr');
    const other = await createUser(dev, server, 'mcr');
    const mine = await createNews(mcr);
    expect((await mcr.put<News>(`/api/news/${mine.id}`, { title: 'Mine edited' })).body.title).toBe('Mine edited');
    expect((await other.put(`/api/news/${mine.id}`, { title: 'Not yours' })).status).toBe(403);
    await dev.post(`/api/news/${mine.id}/approve`);
    expect((await mcr.put(`/api/news/${mine.id}`, { title: 'After approval' })).status).toBe(403);
  });

  it('only owner, admin and editor approve, publish and delete', async () => {
    const dev = await loginDevOwner(server);
    for (const role of ['mcr', 'cameraman', 'technical'] as const) {
      const u = await createUser(dev, server, role);
      const n = await createNews(dev);
      expect((await u.post(`/api/news/${n.id}/approve`)).status).toBe(403);
      expect((await u.delete(`/api/news/${n.id}`)).status).toBe(403);
    }
    for (const role of ['admin', 'editor'] as const) {
      const u = await createUser(dev, server, role);
      const n = await createNews(dev);
      expect((await u.post(`/api/news/${n.id}/approve`)).status).toBe(200);
      expect((await u.post(`/api/news/${n.id}/publish`)).status).toBe(200);
      expect((await u.delete(`/api/news/${n.id}`)).status).toBe(200);
    }
  });
});

describe('news listing', () => {
  it('lists newest first as an array, or pages by status with a total', async () => {
    const dev = await loginDevOwner(server);
    const { owner } = await createCompany(dev, server);
    const made: News[] = [];
    for (let i = 0; i < 25; i++) made.push(await createNews(owner, { title: `Item ${i}` }));
    await owner.post(`/api/news/${made[0]!.id}/approve`);
    const all = await owner.get<News[]>('/api/news');
    expect(all.body).toHaveLength(25);
    expect(all.body[0]!.title).toBe('Item 24');
    const page2 = await owner.get<NewsPage>('/api/news?status=draft&page=2&limit=20');
    expect(page2.body).toMatchObject({ total: 24, page: 2, limit: 20 });
    expect(page2.body.items).toHaveLength(4);
    expect(page2.body.items.every((n) => n.status === 'draft')).toBe(true);
    const approved = await owner.get<News[]>('/api/news?status=approved');
    expect(approved.body.map((n) => n.id)).toEqual([made[0]!.id]);
    expect((await owner.get('/api/news?status=weird')).status).toBe(400);
    expect((await owner.get('/api/news?page=0')).status).toBe(400);
  });
});

describe('section totals', () => {
  it('follow every change (create, approve, delete, restore, purge)', async () => {
    const dev = await loginDevOwner(server);
    const { owner } = await createCompany(dev, server);
    const total = async (status: string) => (await owner.get<NewsPage>(`/api/news?status=${status}&page=1`)).body.total;
    expect([await total('draft'), await total('approved')]).toEqual([0, 0]);
    const a = await createNews(owner);
    const b = await createNews(owner);
    expect(await total('draft')).toBe(2);
    await owner.post(`/api/news/${a.id}/approve`);
    expect([await total('draft'), await total('approved')]).toEqual([1, 1]);
    await owner.delete(`/api/news/${b.id}`);
    expect(await total('draft')).toBe(0);
    await owner.post(`/api/news/${b.id}/restore`);
    expect(await total('draft')).toBe(1);
    await owner.delete(`/api/news/${b.id}`);
    await owner.delete(`/api/news/${b.id}/permanent`);
    expect(await total('draft')).toBe(0);
  });
});

describe('tenant isolation', () => {
  it('company B cannot read, edit, approve, publish or delete company A’s article', async () => {
    const dev = await loginDevOwner(server);
    const article = await createNews(dev);
    const { owner: b } = await createCompany(dev, server);
    expect((await b.get(`/api/news/${article.id}`)).status).toBe(404);
    expect((await b.put(`/api/news/${article.id}`, { title: 'x' })).status).toBe(404);
    expect((await b.post(`/api/news/${article.id}/approve`)).status).toBe(404);
    expect((await b.post(`/api/news/${article.id}/publish`)).status).toBe(404);
    expect((await b.delete(`/api/news/${article.id}`)).status).toBe(404);
    expect((await b.get<News[]>('/api/news')).body.some((n) => n.id === article.id)).toBe(false);
    expect((await dev.get<News>(`/api/news/${article.id}`)).body.status).toBe('draft');
  });
});

describe('live events', () => {
  it('sends news_created / news_updated / news_deleted to the company, breaking_news for breaking and urgent', async () => {
    const dev = await loginDevOwner(server);
    const { owner: b } = await createCompany(dev, server);
    const mine = await TestSocket.authed(server.url, dev.token!, dev.user.id);
    const theirs = await TestSocket.authed(server.url, b.token!, b.user.id);
    const n = await createNews(dev, { priority: 'urgent', title: 'Quake' });
    await mine.until(() => mine.messages.find((m) => m.type === 'news_created' && (m.data as News).id === n.id));
    const breaking = await mine.waitFor('breaking_news');
    expect(breaking.data).toMatchObject({ id: n.id, title: 'Quake', priority: 'urgent' });
    await dev.post(`/api/news/${n.id}/approve`);
    await mine.until(() =>
      mine.messages.find((m) => m.type === 'news_updated' && (m.data as News).status === 'approved'),
    );
    await dev.delete(`/api/news/${n.id}`);
    const deleted = await mine.waitFor('news_deleted');
    expect(deleted.data).toEqual({ id: n.id, permanent: false });
    await createNews(b);
    await theirs.waitFor('news_created');
    expect(theirs.messages.some((m) => m.type === 'breaking_news' || (m.data as News).id === n.id)).toBe(false);
    mine.close();
    theirs.close();
  });
});
