import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bulletin } from '../../../shared/contracts/bulletins';
import type { News, NewsPage } from '../../../shared/contracts/news';
import { createBulletin } from '../../test/bulletin-factory';
import { createCompany, loginDevOwner } from '../../test/factories';
import { createApprovedNews, createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * Issue 39 point 1: publishing is the step after approval, so a published story stays a source
 * for the CG preview and the bulletin picker (GET /api/news?status=on_air) — the list the
 * renderer's "approved" views read.
 */
describe('on-air news (approved + published)', () => {
  it('lists approved and published, never drafts or deleted stories; the status lists stay apart', async () => {
    const dev = await loginDevOwner(server);
    const { owner } = await createCompany(dev, server);
    await createNews(owner, { title: 'Draft' });
    const published = await createApprovedNews(owner, { title: 'Published story' });
    expect((await owner.post<News>(`/api/news/${published.id}/publish`)).body.status).toBe('published');
    await createApprovedNews(owner, { title: 'Approved story' });
    const gone = await createApprovedNews(owner, { title: 'Deleted story' });
    await owner.delete(`/api/news/${gone.id}`);

    const onAir = await owner.get<News[]>('/api/news?status=on_air');
    expect(onAir.status).toBe(200);
    expect(onAir.body.map((n) => n.title)).toEqual(['Approved story', 'Published story']);
    const paged = await owner.get<NewsPage>('/api/news?status=on_air&page=1');
    expect(paged.body.total).toBe(2);
    expect((await owner.get<News[]>('/api/news?status=approved')).body.map((n) => n.title)).toEqual(['Approved story']);
    expect((await owner.get('/api/news?status=aired')).status).toBe(400);
  });

  it('a published story in a bulletin keeps its status there for the preview', async () => {
    const dev = await loginDevOwner(server);
    const { owner, companyId } = await createCompany(dev, server);
    const story = await createApprovedNews(owner, { title: 'In the bulletin' });
    const id = await createBulletin(server, companyId, owner.user.id, { items: [{ type: 'news', newsId: story.id }] });
    await owner.post(`/api/news/${story.id}/publish`);
    const bulletin = (await owner.get<Bulletin[]>('/api/bulletins')).body.find((b) => b.id === id);
    expect(bulletin?.bulletinItems[0]).toMatchObject({ newsStatus: 'published', articleRemoved: false });
  });
});
