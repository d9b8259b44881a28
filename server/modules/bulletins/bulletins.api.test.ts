import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { Bulletin } from '../../../shared/contracts/bulletins';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { ApiClient } from '../../test/api-client';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createApprovedNews } from '../../test/news-factory';
import { storeSql } from '../../test/store-sql';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Writes around the API (old data, status changes the API does not offer yet). */
async function rawSql(sql: string, ...params: unknown[]): Promise<void> {
  await storeSql(server, sql, params);
}

const at = '2026-11-23T20:00:00.000Z';
type Item = Record<string, unknown> | null;
const form = (items: Item[], overrides: Record<string, unknown> = {}) => ({
  title: 'Evening news',
  broadcastTime: '20:00',
  duration: 30,
  scheduledTime: at,
  bulletinItems: items,
  ...overrides,
});

async function station() {
  const dev = await loginDevOwner(server);
  const { owner, companyId } = await createCompany(dev, server);
  const a = await createApprovedNews(owner, { title: 'Story A', content: 'one two three four five six' });
  const b = await createApprovedNews(owner, { title: 'Story B' });
  return { dev, owner, companyId, a, b };
}

const create = (client: ApiClient, body: unknown) => client.post<Bulletin & ErrorBody>('/api/bulletins', body);

describe('POST /api/bulletins', () => {
  it('creates a draft with dense sortOrder in the given order; company/createdBy/status/content from the body are ignored', async () => {
    const { owner, companyId, a, b } = await station();
    const res = await create(owner, {
      ...form([
        { type: 'news', newsId: b.id, sortOrder: 7 },
        { type: 'break', breakType: 'LUI HABARU', sortOrder: 3 },
        { type: 'headline' },
        { type: 'news', newsId: a.id, sortOrder: 1 },
      ]),
      status: 'live',
      companyId: 1,
      createdBy: 1,
      content: 'hacked',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'draft',
      companyId,
      content: 'Bulletin for 20:00',
      createdByName: expect.stringContaining('Owner') as unknown,
    });
    expect(res.body.bulletinItems.map((i) => [i.sortOrder, i.type, i.newsTitle ?? i.breakType])).toEqual([
      [0, 'news', 'Story B'],
      [1, 'break', 'LUI HABARU'],
      [2, 'headline', null],
      [3, 'news', 'Story A'],
    ]);
    const listed = (await owner.get<Bulletin[]>('/api/bulletins')).body;
    expect(listed.map((x) => x.id)).toEqual([res.body.id]);
  });

  it('answers the spec’s validation messages verbatim', async () => {
    const { owner, a } = await station();
    const item = [{ type: 'news', newsId: a.id }];
    const cases: Array<[Record<string, unknown>, string]> = [
      [form(item, { title: '  ' }), 'Title is required'],
      [form(item, { title: undefined }), 'Title is required'],
      [form(item, { broadcastTime: '' }), 'Broadcast time is required'],
      [form(item, { duration: 0 }), 'Duration is required'],
      [form(item, { duration: 'abc' }), 'Duration is required'],
      [form(item, { duration: null }), 'Duration is required'],
      [form(item, { scheduledTime: '' }), 'Scheduled time is required'],
      [form(item, { scheduledTime: undefined }), 'Scheduled time is required'],
      [form([]), 'Please add at least one item to the bulletin'],
      [form(item, { bulletinItems: undefined }), 'Please add at least one item to the bulletin'],
      [
        form([{ type: 'break', breakType: 'COFFEE BREAK' }]),
        'Break type must be one of LOCAL BREAK, BUSINESS BREAK, SPORTS BREAK, LUI HABARU',
      ],
      [form([{ type: 'break' }]), 'A break needs a break type'],
      [form([{ type: 'news' }]), 'A news item needs an article'],
    ];
    for (const [body, message] of cases) {
      const res = await create(owner, body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await owner.get<Bulletin[]>('/api/bulletins')).body).toEqual([]);
  });

  it('defaults the slot to 30 minutes and accepts it as a numeric string', async () => {
    const { owner, a } = await station();
    expect((await create(owner, form([{ type: 'news', newsId: a.id }], { duration: undefined }))).body.duration).toBe(
      30,
    );
    expect((await create(owner, form([{ type: 'news', newsId: a.id }], { duration: '45' }))).body.duration).toBe(45);
  });

  it('never answers 5xx to hostile input', async () => {
    const { owner, a } = await station();
    const bodies: unknown[] = [
      null,
      [],
      'not json',
      42,
      { ...form([{ type: 'news', newsId: a.id }]), title: { $gt: '' } },
      form([{ type: 'news', newsId: 1e300 }]),
      form([{ type: 'news', newsId: -1 }]),
      form([{ type: 'news', newsId: '1 OR 1=1' }]),
      form([{ type: 'video' }]),
      form([null]),
      form([{ type: 'break', breakType: 'LOCAL BREAK', durationSeconds: -5 }]),
      form([{ type: 'break', breakType: 'LOCAL BREAK', durationSeconds: 1.5 }]),
      form(Array.from({ length: 201 }, () => ({ type: 'headline' }))),
      form([{ type: 'headline' }], { title: 'x'.repeat(10_000) }),
      form([{ type: 'headline' }], { scheduledTime: 'tomorrow-ish' }),
      form([{ type: 'headline' }], { duration: 1e9 }),
    ];
    for (const body of bodies) {
      const res = await owner.request<ErrorBody>('POST', '/api/bulletins', body);
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    for (const path of ['/api/bulletins/abc', '/api/bulletins/0x10', '/api/bulletins/99999999999999999999']) {
      expect((await owner.put(path, form([{ type: 'headline' }]))).status).toBe(400);
      expect((await owner.delete(path)).status).toBe(400);
    }
    expect((await owner.put('/api/bulletins/987654', form([{ type: 'headline' }]))).status).toBe(404);
  });
});

describe('PUT and DELETE /api/bulletins/:id', () => {
  it('edit replaces the items in the new order, keeps status and logs each change', async () => {
    const { owner, a, b } = await station();
    const made = (
      await create(
        owner,
        form([
          { type: 'news', newsId: a.id },
          { type: 'news', newsId: b.id },
        ]),
      )
    ).body;
    await rawSql("UPDATE bulletins SET status = 'ready' WHERE id = ?", made.id);
    const res = await owner.put<Bulletin>(`/api/bulletins/${made.id}`, {
      ...form(
        [
          { type: 'news', newsId: b.id },
          { type: 'break', breakType: 'SPORTS BREAK' },
          { type: 'news', newsId: a.id },
        ],
        { title: 'Late news', broadcastTime: '23:00' },
      ),
      status: 'archived',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Late news', status: 'ready', content: 'Bulletin for 23:00' });
    expect(res.body.bulletinItems.map((i) => [i.sortOrder, i.newsId ?? i.breakType])).toEqual([
      [0, b.id],
      [1, 'SPORTS BREAK'],
      [2, a.id],
    ]);
    expect((await owner.delete(`/api/bulletins/${made.id}`)).body).toEqual({ success: true });
    expect((await owner.get<Bulletin[]>('/api/bulletins')).body).toEqual([]);
    expect((await owner.delete(`/api/bulletins/${made.id}`)).status).toBe(404);
    const logs = (await owner.get<ActivityLog[]>('/api/activity-logs')).body.map((l) => l.action);
    expect(logs).toEqual(expect.arrayContaining(['bulletin_created', 'bulletin_updated', 'bulletin_deleted']));
  });

  it('lets owner, admin, editor and mcr change bulletins; cameraman and technical read only', async () => {
    const { owner, a } = await station();
    for (const role of ['admin', 'editor', 'mcr'] as const) {
      const user = await createUser(owner, server, role);
      const made = await create(user, form([{ type: 'news', newsId: a.id }]));
      expect(made.status, role).toBe(201);
      expect((await user.put(`/api/bulletins/${made.body.id}`, form([{ type: 'headline' }]))).status, role).toBe(200);
      expect((await user.delete(`/api/bulletins/${made.body.id}`)).status, role).toBe(200);
    }
    const target = (await create(owner, form([{ type: 'news', newsId: a.id }]))).body;
    for (const role of ['cameraman', 'technical'] as const) {
      const user = await createUser(owner, server, role);
      expect(
        (await user.get<Bulletin[]>('/api/bulletins')).body.map((x) => x.id),
        role,
      ).toEqual([target.id]);
      expect((await create(user, form([{ type: 'news', newsId: a.id }]))).status, role).toBe(403);
      expect((await user.put(`/api/bulletins/${target.id}`, form([{ type: 'headline' }]))).status, role).toBe(403);
      expect((await user.delete(`/api/bulletins/${target.id}`)).status, role).toBe(403);
    }
    expect((await owner.get<Bulletin[]>('/api/bulletins')).body[0]!.title).toBe('Evening news');
  });

  it('keeps companies apart: B cannot read, edit or delete A’s bulletin, nor use A’s articles', async () => {
    const A = await station();
    const B = await station();
    const mine = (await create(A.owner, form([{ type: 'news', newsId: A.a.id }]))).body;
    expect((await B.owner.get<Bulletin[]>('/api/bulletins')).body).toEqual([]);
    expect((await B.owner.put(`/api/bulletins/${mine.id}`, form([{ type: 'news', newsId: B.a.id }]))).status).toBe(404);
    expect((await B.owner.delete(`/api/bulletins/${mine.id}`)).status).toBe(404);
    const foreign = await create(B.owner, form([{ type: 'news', newsId: A.a.id }]));
    const missing = await create(B.owner, form([{ type: 'news', newsId: 987_654_321 }]));
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`News article ${A.a.id} was not found`);
    expect(missing.body.message).toBe('News article 987654321 was not found');
    expect(JSON.stringify(foreign.body)).not.toContain('Story A');
    const own = (await create(B.owner, form([{ type: 'news', newsId: B.a.id }]))).body;
    expect((await B.owner.put(`/api/bulletins/${own.id}`, form([{ type: 'news', newsId: A.a.id }]))).status).toBe(400);
    // Even a row written around the API (old data) never shows another company's title.
    await rawSql('UPDATE bulletin_items SET news_id = ? WHERE bulletin_id = ?', A.a.id, own.id);
    const read = (await B.owner.get<Bulletin[]>('/api/bulletins')).body[0]!;
    expect(read.bulletinItems[0]).toMatchObject({ newsTitle: null, articleRemoved: true });
    expect((await A.owner.get<Bulletin[]>('/api/bulletins')).body.map((x) => x.title)).toEqual(['Evening news']);
  });
});
