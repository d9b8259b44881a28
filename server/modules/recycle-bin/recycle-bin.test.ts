import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECYCLE_BIN_RETENTION_MS } from '../../../shared/constants';
import type { DeletedNews, News } from '../../../shared/contracts/news';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('recycle bin', () => {
  it('delete moves an article to the bin with a 2-hour deadline; restore brings it back', async () => {
    const dev = await loginDevOwner(server);
    const n = await createNews(dev, { title: 'Bin me' });
    expect((await dev.delete(`/api/news/${n.id}`)).status).toBe(200);
    expect((await dev.get<News[]>('/api/news')).body.some((x) => x.id === n.id)).toBe(false);
    expect((await dev.get(`/api/news/${n.id}`)).status).toBe(404);
    const bin = (await dev.get<DeletedNews[]>('/api/news/recycle-bin')).body;
    const entry = bin.find((x) => x.id === n.id)!;
    expect(entry).toMatchObject({ title: 'Bin me', subtitle: n.subtitle, priority: 'normal' });
    expect(Date.parse(entry.scheduledForDeletion!) - Date.parse(entry.deletedAt!)).toBe(RECYCLE_BIN_RETENTION_MS);
    expect((await dev.delete(`/api/news/${n.id}`)).status).toBe(404); // already in the bin
    const restored = await dev.post<News>(`/api/news/${n.id}/restore`);
    expect(restored.body).toMatchObject({ id: n.id, isDeleted: false, deletedAt: null, scheduledForDeletion: null });
    expect((await dev.get<News[]>('/api/news')).body.some((x) => x.id === n.id)).toBe(true);
    expect((await dev.post(`/api/news/${n.id}/restore`)).status).toBe(404);
  });

  it('Delete Forever removes only binned articles', async () => {
    const dev = await loginDevOwner(server);
    const live = await createNews(dev);
    expect((await dev.delete(`/api/news/${live.id}/permanent`)).status).toBe(404);
    await dev.delete(`/api/news/${live.id}`);
    expect((await dev.delete(`/api/news/${live.id}/permanent`)).status).toBe(200);
    expect((await dev.get<DeletedNews[]>('/api/news/recycle-bin')).body.some((x) => x.id === live.id)).toBe(false);
    expect((await dev.post(`/api/news/${live.id}/restore`)).status).toBe(404);
  });

  it('the purge job removes items after 2 hours (clock moved), not before', async () => {
    const dev = await loginDevOwner(server);
    const n = await createNews(dev);
    await dev.delete(`/api/news/${n.id}`);
    server.clock.advance(RECYCLE_BIN_RETENTION_MS - 60_000);
    await server.scheduler.runNow('purge-recycle-bin');
    expect((await dev.get<DeletedNews[]>('/api/news/recycle-bin')).body.some((x) => x.id === n.id)).toBe(true);
    server.clock.advance(61_000);
    await server.scheduler.runNow('purge-recycle-bin');
    expect((await dev.get<DeletedNews[]>('/api/news/recycle-bin')).body.some((x) => x.id === n.id)).toBe(false);
  });

  it('Manual Cleanup purges only expired items and reports deletedCount', async () => {
    const dev = await loginDevOwner(server);
    const old1 = await createNews(dev);
    const old2 = await createNews(dev);
    await dev.delete(`/api/news/${old1.id}`);
    await dev.delete(`/api/news/${old2.id}`);
    server.clock.advance(RECYCLE_BIN_RETENTION_MS + 1000);
    const fresh = await createNews(dev);
    await dev.delete(`/api/news/${fresh.id}`);
    const res = await dev.post<{ deletedCount: number }>('/api/news/cleanup');
    expect(res.body).toEqual({ deletedCount: 2 });
    const ids = (await dev.get<DeletedNews[]>('/api/news/recycle-bin')).body.map((x) => x.id);
    expect(ids).toEqual([fresh.id]);
  });

  it('is for owner and admin only', async () => {
    const dev = await loginDevOwner(server);
    const editor = await createUser(dev, server, 'editor');
    const n = await createNews(dev);
    await dev.delete(`/api/news/${n.id}`);
    expect((await editor.get('/api/news/recycle-bin')).status).toBe(403);
    expect((await editor.post(`/api/news/${n.id}/restore`)).status).toBe(403);
    expect((await editor.delete(`/api/news/${n.id}/permanent`)).status).toBe(403);
    expect((await editor.post('/api/news/cleanup')).status).toBe(403);
    const admin = await createUser(dev, server, 'admin');
    expect((await admin.get('/api/news/recycle-bin')).status).toBe(200);
  });

  it('another company can neither see nor restore nor purge our binned articles', async () => {
    const dev = await loginDevOwner(server);
    const n = await createNews(dev);
    await dev.delete(`/api/news/${n.id}`);
    const { owner: b } = await createCompany(dev, server);
    expect((await b.get<DeletedNews[]>('/api/news/recycle-bin')).body).toEqual([]);
    expect((await b.post(`/api/news/${n.id}/restore`)).status).toBe(404);
    expect((await b.delete(`/api/news/${n.id}/permanent`)).status).toBe(404);
    expect((await dev.get<DeletedNews[]>('/api/news/recycle-bin')).body.some((x) => x.id === n.id)).toBe(true);
  });
});
