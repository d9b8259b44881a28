import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWLER_MAX_HEADLINES } from '../../../shared/constants';
import type { CrawlerContent, CrawlerGenerateResponse } from '../../../shared/contracts/crawler';
import type { ApiClient } from '../../test/api-client';
import { createStation, createUser, loginDevOwner } from '../../test/factories';
import { createApprovedNews, createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A fresh company per test keeps each crawler independent. */
async function station(): Promise<{ owner: ApiClient & { user: { id: number } }; file: () => string }> {
  const { owner, readCg } = await createStation(server);
  return { owner, file: () => readCg('news_crawler') ?? '' };
}

const content = async (c: ApiClient) => (await c.get<CrawlerContent>('/api/news-crawler/content')).body;

describe('news crawler', () => {
  it('starts empty', async () => {
    const { owner } = await station();
    expect(await content(owner)).toEqual({ headlines: [], count: 0 });
  });

  it('generates from on-air (approved or published, issue 39), live news only, newest first, one per line', async () => {
    const { owner, file } = await station();
    await createApprovedNews(owner, { title: 'Old approved' });
    await createNews(owner, { title: 'Still a draft' });
    const deleted = await createApprovedNews(owner, { title: 'Deleted approved' });
    await owner.delete(`/api/news/${deleted.id}`);
    const published = await createApprovedNews(owner, { title: 'Published one' });
    await owner.post(`/api/news/${published.id}/publish`);
    await createApprovedNews(owner, { title: 'New approved' });
    const res = await owner.post<CrawlerGenerateResponse>('/api/news-crawler/generate');
    expect(res.body).toMatchObject({
      success: true,
      newsCount: 3,
      count: 3,
      headlines: ['New approved', 'Published one', 'Old approved'],
    });
    expect(file()).toBe('New approved\nPublished one\nOld approved');
  });

  it('add, edit, remove, reorder and clear; the file equals the list after every step', async () => {
    const { owner, file } = await station();
    const step = async (method: 'post' | 'put', url: string, body: object, expected: string[]) => {
      const res = await owner[method]<CrawlerContent>(url, body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ headlines: expected, count: expected.length });
      expect(await content(owner)).toEqual({ headlines: expected, count: expected.length });
      expect(file()).toBe(expected.join('\n'));
    };
    await step('post', '/api/news-crawler/add-headline', { headline: '  First  ' }, ['First']);
    await step('post', '/api/news-crawler/add-headline', { headline: 'ދިވެހި ސުރުޚީ' }, ['First', 'ދިވެހި ސުރުޚީ']);
    await step('post', '/api/news-crawler/add-headline', { headline: 'Third' }, ['First', 'ދިވެހި ސުރުޚީ', 'Third']);
    await step('put', '/api/news-crawler/edit-headline', { index: 0, headline: 'First, edited' }, [
      'First, edited',
      'ދިވެހި ސުރުޚީ',
      'Third',
    ]);
    await step('put', '/api/news-crawler/reorder', { headlines: ['Third', 'First, edited', 'ދިވެހި ސުރުޚީ'] }, [
      'Third',
      'First, edited',
      'ދިވެހި ސުރުޚީ',
    ]);
    await step('post', '/api/news-crawler/remove-headline', { index: 1 }, ['Third', 'ދިވެހި ސުރުޚީ']);
    await step('post', '/api/news-crawler/clear', {}, []);
  });

  it('rejects bad input with a clear 4xx and changes nothing', async () => {
    const { owner, file } = await station();
    await owner.post('/api/news-crawler/add-headline', { headline: 'Only one' });
    const cases: Array<[string, 'post' | 'put', object, number, string]> = [
      ['/api/news-crawler/add-headline', 'post', { headline: '   ' }, 400, 'headline: Headline is required'],
      [
        '/api/news-crawler/add-headline',
        'post',
        { headline: 'two\nlines' },
        400,
        'headline: A headline must be a single line',
      ],
      [
        '/api/news-crawler/add-headline',
        'post',
        { headline: 'x'.repeat(501) },
        400,
        'headline: Headline must be at most 500 characters',
      ],
      [
        '/api/news-crawler/remove-headline',
        'post',
        { index: 5 },
        409,
        'There is no headline 6 (the crawler has 1); it may have just changed — reload',
      ],
      ['/api/news-crawler/remove-headline', 'post', { index: -1 }, 400, 'index: index must be 0 or more'],
      ['/api/news-crawler/remove-headline', 'post', { index: '0' }, 400, 'index: index must be a number'],
      [
        '/api/news-crawler/edit-headline',
        'put',
        { index: 3, headline: 'x' },
        409,
        'There is no headline 4 (the crawler has 1); it may have just changed — reload',
      ],
      [
        '/api/news-crawler/reorder',
        'put',
        { headlines: ['Only one', 'Only one'] },
        409,
        'The headlines changed while you were reordering them; reload and try again',
      ],
      [
        '/api/news-crawler/reorder',
        'put',
        { headlines: ['Something else'] },
        409,
        'The headlines changed while you were reordering them; reload and try again',
      ],
    ];
    for (const [url, method, body, status, message] of cases) {
      const res = await owner[method]<{ message: string }>(url, body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect(await content(owner)).toEqual({ headlines: ['Only one'], count: 1 });
    expect(file()).toBe('Only one');
  });

  it('enforces the headline count limit', async () => {
    const { owner } = await station();
    const many = Array.from({ length: CRAWLER_MAX_HEADLINES }, (_, i) => `Headline ${i}`);
    await owner.post('/api/cg-files/update-direct', { type: 'news_crawler', content: many.join('\n') });
    const res = await owner.post<{ message: string }>('/api/news-crawler/add-headline', { headline: 'One too many' });
    expect(res).toMatchObject({
      status: 409,
      body: { message: `The crawler holds at most ${CRAWLER_MAX_HEADLINES} headlines` },
    });
  });

  it('two clients reordering at once: one wins, the other gets 409, the file is never a mix', async () => {
    const { owner, file } = await station();
    for (const h of ['A', 'B', 'C', 'D']) await owner.post('/api/news-crawler/add-headline', { headline: h });
    // Client 2 removes a headline while client 1 sends a reorder built on the old list.
    const [reorder, remove] = await Promise.all([
      owner.put('/api/news-crawler/reorder', { headlines: ['D', 'C', 'B', 'A'] }),
      owner.post('/api/news-crawler/remove-headline', { index: 0 }),
    ]);
    expect(remove.status).toBe(200);
    const final = await content(owner);
    if (reorder.status === 200)
      expect(final.headlines).toEqual(['C', 'B', 'A']); // reorder first, then remove index 0 (D)
    else {
      expect(reorder.status).toBe(409);
      expect(final.headlines).toEqual(['B', 'C', 'D']);
    }
    expect(file()).toBe(final.headlines.join('\n'));
    // Two clients reorder the same list at once (each says what it saw): the second gets 409.
    const seen = final.headlines;
    const first = [...seen].reverse();
    const [r1, r2] = await Promise.all([
      owner.put('/api/news-crawler/reorder', { headlines: first, basedOn: seen }),
      owner.put('/api/news-crawler/reorder', { headlines: [seen[1], seen[0], seen[2]], basedOn: seen }),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 409]);
    expect((await content(owner)).headlines).toEqual(first);
    expect(file()).toBe(first.join('\n'));
  });

  it('every mutation emits cg_file_updated with the new text', async () => {
    const { owner } = await station();
    const socket = await TestSocket.authed(server.url, owner.token!, owner.user.id);
    await owner.post('/api/news-crawler/add-headline', { headline: 'Live one' });
    const msg = await socket.waitFor('cg_file_updated');
    expect(msg.data).toMatchObject({ type: 'news_crawler', content: 'Live one' });
    socket.close();
  });

  it('cameraman and technical may read but not change the crawler', async () => {
    const dev = await loginDevOwner(server);
    for (const role of ['cameraman', 'technical'] as const) {
      const u = await createUser(dev, server, role);
      expect((await u.get('/api/news-crawler/content')).status).toBe(200);
      expect((await u.post('/api/news-crawler/add-headline', { headline: 'x' })).status).toBe(403);
      expect((await u.post('/api/news-crawler/generate')).status).toBe(403);
      expect((await u.post('/api/news-crawler/clear')).status).toBe(403);
    }
  });
});
