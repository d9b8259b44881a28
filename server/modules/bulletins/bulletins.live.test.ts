import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bulletin } from '../../../shared/contracts/bulletins';
import { createCompany, loginDevOwner } from '../../test/factories';
import { createApprovedNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket, type LiveMessage } from '../../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const form = (items: unknown[], overrides: Record<string, unknown> = {}) => ({
  title: 'Rundown',
  broadcastTime: '09:00',
  duration: 5,
  scheduledTime: '2026-11-23T09:00:00.000Z',
  bulletinItems: items,
  ...overrides,
});

async function station() {
  const dev = await loginDevOwner(server);
  const { owner } = await createCompany(dev, server);
  return owner;
}

const ofType = (socket: TestSocket, type: string) => socket.messages.filter((m: LiveMessage) => m.type === type);

describe('bulletins: running time', () => {
  it('sums entered and estimated durations against the slot (3 words a second, breaks 120 s, headline 30 s)', async () => {
    const owner = await station();
    const words = Array.from({ length: 88 }, (_, i) => `w${i}`).join(' ');
    const story = await createApprovedNews(owner, { title: 'Two words', content: words }); // 90 words → 30 s
    const res = await owner.post<Bulletin>(
      '/api/bulletins',
      form([
        { type: 'news', newsId: story.id },
        { type: 'news', newsId: story.id, durationSeconds: 45 },
        { type: 'break', breakType: 'LOCAL BREAK' },
        { type: 'break', breakType: 'BUSINESS BREAK', durationSeconds: 90 },
        { type: 'headline' },
      ]),
    );
    expect(res.body.bulletinItems.map((i) => [i.durationSeconds, i.durationEstimated])).toEqual([
      [30, true],
      [45, false],
      [120, true],
      [90, false],
      [30, true],
    ]);
    expect(res.body.plannedSeconds).toBe(315);
    expect(res.body.overUnderSeconds).toBe(315 - 300);
    const longer = await owner.put<Bulletin>(
      `/api/bulletins/${res.body.id}`,
      form([{ type: 'headline' }], { duration: 30 }),
    );
    expect(longer.body).toMatchObject({ plannedSeconds: 30, overUnderSeconds: 30 - 1800 });
  });
});

describe('bulletins: deleted articles', () => {
  it('an article binned or purged later stays in the running order as removed, and the bulletin still edits', async () => {
    const owner = await station();
    const soft = await createApprovedNews(owner, { title: 'Soon binned' });
    const hard = await createApprovedNews(owner, { title: 'Soon purged' });
    const kept = await createApprovedNews(owner, { title: 'Kept' });
    const made = (
      await owner.post<Bulletin>(
        '/api/bulletins',
        form([
          { type: 'news', newsId: soft.id },
          { type: 'news', newsId: hard.id, durationSeconds: 20 },
          { type: 'news', newsId: kept.id },
        ]),
      )
    ).body;
    expect((await owner.delete(`/api/news/${soft.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/news/${hard.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/news/${hard.id}/permanent`)).status).toBe(200);
    const read = (await owner.get<Bulletin[]>('/api/bulletins')).body[0]!;
    expect(
      read.bulletinItems.map((i) => [i.sortOrder, i.articleRemoved, i.newsTitle, i.newsStatus, i.durationSeconds]),
    ).toEqual([
      [0, true, null, null, 0],
      [1, true, null, null, 20],
      [2, false, 'Kept', 'approved', 10],
    ]);
    expect(read.bulletinItems[1]!.newsId).toBeNull();
    expect(read.plannedSeconds).toBe(30);
    // Saving the form again with a removed article is refused by name; without it, it saves.
    const again = await owner.put<{ message: string }>(
      `/api/bulletins/${made.id}`,
      form([{ type: 'news', newsId: soft.id }]),
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(`News article ${soft.id} was not found`);
    expect((await owner.put(`/api/bulletins/${made.id}`, form([{ type: 'news', newsId: kept.id }]))).status).toBe(200);
  });
});

describe('bulletins: live events', () => {
  it('announces create, update, delete and article changes to the company only', async () => {
    const owner = await station();
    const other = await station();
    const story = await createApprovedNews(owner, { title: 'Live story' });
    const mine = await TestSocket.authed(server.url, owner.token!, owner.user.id);
    const theirs = await TestSocket.authed(server.url, other.token!, other.user.id);
    const made = (await owner.post<Bulletin>('/api/bulletins', form([{ type: 'news', newsId: story.id }]))).body;
    const created = await mine.waitFor('bulletin_created');
    expect((created.data as Bulletin).id).toBe(made.id);
    await owner.put(
      `/api/bulletins/${made.id}`,
      form([{ type: 'headline' }, { type: 'news', newsId: story.id }], { title: 'Renamed' }),
    );
    await mine.until(() => ofType(mine, 'bulletin_updated').find((m) => (m.data as Bulletin).title === 'Renamed'));
    await owner.put(`/api/news/${story.id}`, { title: 'Retitled story' });
    await mine.until(() =>
      ofType(mine, 'bulletin_updated').find(
        (m) => (m.data as Bulletin).bulletinItems[1]?.newsTitle === 'Retitled story',
      ),
    );
    await owner.delete(`/api/bulletins/${made.id}`);
    expect((await mine.waitFor('bulletin_deleted')).data).toEqual({ id: made.id });
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.messages.filter((m) => m.type.startsWith('bulletin_'))).toEqual([]);
    mine.close();
    theirs.close();
  });
});

describe('bulletins: concurrent edits', () => {
  it('hundreds of parallel PUTs on one bulletin always leave one whole item list', async () => {
    const owner = await station();
    const stories = await Promise.all([1, 2, 3].map((n) => createApprovedNews(owner, { title: `P${n}` })));
    const made = (await owner.post<Bulletin>('/api/bulletins', form([{ type: 'headline' }]))).body;
    // Each list is a distinct length and content, so any mix of two PUTs is visible.
    const listFor = (n: number) =>
      Array.from({ length: (n % 7) + 1 }, (_, i) => ({
        type: 'news',
        newsId: stories[(n + i) % 3]!.id,
        durationSeconds: n + 1,
      }));
    const results = await Promise.all(
      Array.from({ length: 240 }, (_, n) =>
        owner.put<Bulletin>(`/api/bulletins/${made.id}`, form(listFor(n), { title: `v${n}` })),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    for (const { body } of results) {
      const n = Number(body.title.slice(1));
      expect(body.bulletinItems.map((i) => [i.sortOrder, i.newsId, i.durationSeconds])).toEqual(
        listFor(n).map((x, i) => [i, x.newsId, x.durationSeconds]),
      );
    }
    const final = (await owner.get<Bulletin[]>('/api/bulletins')).body[0]!;
    const n = Number(final.title.slice(1));
    expect(final.bulletinItems.map((i) => [i.sortOrder, i.newsId, i.durationSeconds])).toEqual(
      listFor(n).map((x, i) => [i, x.newsId, x.durationSeconds]),
    );
  });
});
