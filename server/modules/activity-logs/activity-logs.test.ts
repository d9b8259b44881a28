import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('activity logs', () => {
  it('records every news and user change, newest first, with the username', async () => {
    const dev = await loginDevOwner(server);
    const editor = await createUser(dev, server, 'editor');
    const n = await createNews(editor, { title: 'Logged story' });
    await dev.put(`/api/news/${n.id}`, { content: 'Changed' });
    await dev.post(`/api/news/${n.id}/approve`);
    await dev.post(`/api/news/${n.id}/publish`);
    await dev.delete(`/api/news/${n.id}`);
    await dev.post(`/api/news/${n.id}/restore`);
    await dev.put(`/api/users/${editor.user.id}`, { fullName: 'Renamed' });
    const res = await dev.get<ActivityLog[]>('/api/activity-logs');
    const actions = res.body.map((l) => l.action);
    expect(actions.slice(0, 8)).toEqual([
      'user_updated',
      'news_restored',
      'news_deleted',
      'news_published',
      'news_approved',
      'news_updated',
      'news_created',
      'user_created',
    ]);
    expect(res.body.find((l) => l.action === 'news_created')).toMatchObject({
      username: editor.user.username,
      details: 'Created news "Logged story"',
    });
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(8);
  });

  it('is readable by owner/admin only and scoped to the company', async () => {
    const dev = await loginDevOwner(server);
    const mcr = await createUser(dev, server, 'mcr');
    expect((await mcr.get('/api/activity-logs')).status).toBe(403);
    const { owner: b } = await createCompany(dev, server);
    const theirs = await b.get<ActivityLog[]>('/api/activity-logs');
    expect(theirs.body.every((l) => l.companyId === b.user.companyId)).toBe(true);
  });

  it('pages with ?page=&limit=', async () => {
    const dev = await loginDevOwner(server);
    const first = await dev.get<ActivityLog[]>('/api/activity-logs?limit=2');
    const second = await dev.get<ActivityLog[]>('/api/activity-logs?limit=2&page=2');
    expect(first.body).toHaveLength(2);
    expect(second.body[0]!.id).toBeLessThan(first.body[1]!.id);
  });

  it('walked page by page, holds every entry once, in the unpaged order, usernames included', async () => {
    const dev = await loginDevOwner(server);
    const all = (await dev.get<ActivityLog[]>('/api/activity-logs?limit=100')).body;
    expect(all.length).toBeGreaterThan(7);
    const walked: ActivityLog[] = [];
    for (let page = 1; walked.length < all.length; page++) {
      const res = await dev.get<ActivityLog[]>(`/api/activity-logs?limit=3&page=${page}`);
      expect(res.body.length).toBeGreaterThan(0);
      walked.push(...res.body);
    }
    expect(walked).toEqual(all);
    expect(walked.some((l) => l.username)).toBe(true);
  });
});
