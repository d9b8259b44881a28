import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bulletin } from '../../../shared/contracts/bulletins';
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import { createBulletin } from '../../test/bulletin-factory';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createApprovedNews, createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/bulletins', () => {
  it('lists the company’s bulletins newest first with items in running order and article titles', async () => {
    const dev = await loginDevOwner(server);
    const a = await createApprovedNews(dev, { title: 'First story' });
    const b = await createApprovedNews(dev, { title: 'Second story' });
    await createBulletin(server, 1, dev.user.id, {
      title: 'Morning',
      broadcastTime: '08:00',
      items: [{ type: 'news', newsId: a.id }],
    });
    await createBulletin(server, 1, dev.user.id, {
      title: 'Evening',
      items: [
        { type: 'news', newsId: b.id },
        { type: 'break', breakType: 'SPORTS BREAK' },
        { type: 'news', newsId: a.id },
      ],
    });
    const list = (await dev.get<Bulletin[]>('/api/bulletins')).body;
    expect(list.map((x) => x.title)).toEqual(['Evening', 'Morning']);
    expect(list[0]!.bulletinItems.map((i) => i.newsTitle ?? i.breakType)).toEqual([
      'Second story',
      'SPORTS BREAK',
      'First story',
    ]);
    expect(list[1]).toMatchObject({
      content: 'Bulletin for 08:00',
      duration: 30,
      status: 'draft',
      createdByName: 'Station Owner',
    });
  });

  it('keeps items whose article was deleted, flagged as removed, and is company-scoped', async () => {
    const dev = await loginDevOwner(server);
    const n = await createNews(dev, { title: 'Doomed' });
    const id = await createBulletin(server, 1, dev.user.id, {
      title: 'With deleted',
      items: [{ type: 'news', newsId: n.id }],
    });
    await dev.delete(`/api/news/${n.id}`);
    const found = (await dev.get<Bulletin[]>('/api/bulletins')).body.find((x) => x.id === id)!;
    expect(found.bulletinItems).toHaveLength(1);
    expect(found.bulletinItems[0]).toMatchObject({
      newsId: n.id,
      newsTitle: null,
      newsStatus: null,
      articleRemoved: true,
    });
    expect(found.newsItems).toEqual([]);
    const { owner: b } = await createCompany(dev, server);
    expect((await b.get<Bulletin[]>('/api/bulletins')).body).toEqual([]);
    const cam = await createUser(dev, server, 'cameraman');
    expect((await cam.get('/api/bulletins')).status).toBe(200);
  });
});

describe('GET /api/dashboard/stats', () => {
  it('counts the news queue and the distinct users online', async () => {
    const dev = await loginDevOwner(server);
    const { owner } = await createCompany(dev, server);
    await createNews(owner);
    const approved = await createApprovedNews(owner);
    await createApprovedNews(owner);
    await owner.post(`/api/news/${approved.id}/publish`);
    const s1 = await TestSocket.authed(server.url, owner.token!, owner.user.id);
    const s2 = await TestSocket.authed(server.url, owner.token!, owner.user.id);
    const stats = (await owner.get<DashboardStats>('/api/dashboard/stats')).body;
    expect(stats).toEqual({
      equipment: { out: 0 },
      news: { total: 2, draft: 1, approved: 1, published: 1 },
      users: { online: 1, onlineMcr: 0 },
    });
    s1.close();
    s2.close();
  });
});
