import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bulletin } from '../../shared/contracts/bulletins';
import type { VersionConflict } from '../../shared/contracts/common';
import { createStation, createUser } from '../test/factories';
import { createNews } from '../test/news-factory';
import { startTestServer, type TestServer } from '../test/test-server';
import { expectNoLostUpdate } from '../test/version-race';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const form = { broadcastTime: '20:00', scheduledTime: '2026-11-25T20:00:00.000Z', duration: 30 };

async function station() {
  const { owner } = await createStation(server);
  const producer = await createUser(owner, server, 'mcr', { fullName: 'Second Producer' });
  const stories = await Promise.all([1, 2, 3].map(() => createNews(owner)));
  const items = stories.map((s) => ({ type: 'news', newsId: s.id }));
  const created = await owner.post<Bulletin>('/api/bulletins', { ...form, title: 'Evening', bulletinItems: items });
  expect(created.status).toBe(201);
  expect(created.body.version).toBe(1);
  const load = async () => (await owner.get<Bulletin[]>('/api/bulletins')).body.find((b) => b.id === created.body.id)!;
  return { owner, producer, bulletin: created.body, ids: stories.map((s) => s.id), load };
}

/** Every order of three ids, so parallel reorders each ask for a recognisable running order. */
const ORDERS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];

describe('bulletins: no lost update', () => {
  it('edits: one 200, one 409 with the current bulletin; 100 parallel → 1 × 200, 99 × 409, the winner stored', async () => {
    const { owner, producer, bulletin, ids, load } = await station();
    const items = ids.map((newsId) => ({ type: 'news', newsId }));
    await expectNoLostUpdate<Bulletin>({
      a: producer,
      b: owner,
      path: `/api/bulletins/${bulletin.id}`,
      load,
      body: (i) => ({ ...form, title: `Evening ${i}`, duration: 10 + i, bulletinItems: items }),
      pick: (b) => ({ title: b.title, duration: b.duration }),
      want: (i) => ({ title: `Evening ${i}`, duration: 10 + i }),
    });
  });

  it('two producers reordering at once: one order wins whole, the other is a 409 showing it', async () => {
    const { owner, producer, bulletin, ids, load } = await station();
    const order = (i: number) => ORDERS[i % ORDERS.length]!.map((k) => ids[k]!);
    const body = (i: number) => ({
      ...form,
      title: 'Evening',
      bulletinItems: order(i).map((newsId) => ({ type: 'news', newsId })),
    });
    await expectNoLostUpdate<Bulletin>({
      a: producer,
      b: owner,
      path: `/api/bulletins/${bulletin.id}`,
      load,
      body: (i) => body(i + 1),
      pick: (b) => b.bulletinItems.map((item) => item.newsId),
      want: (i) => order(i + 1),
    });
  });

  it('the 409 names who reordered, and a bulletin save without a version is still accepted', async () => {
    const { owner, producer, bulletin, ids } = await station();
    const reversed = [...ids].reverse().map((newsId) => ({ type: 'news', newsId }));
    expect(
      (
        await producer.put(`/api/bulletins/${bulletin.id}`, {
          ...form,
          title: 'Evening',
          bulletinItems: reversed,
          version: 1,
        })
      ).status,
    ).toBe(200);
    const late = await owner.put<VersionConflict<Bulletin>>(`/api/bulletins/${bulletin.id}`, {
      ...form,
      title: 'Mine',
      bulletinItems: reversed,
      version: 1,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^Second Producer changed this bulletin (just now|1 minute ago)$/);
    expect(late.body.changedBy).toEqual({ id: producer.user.id, fullName: 'Second Producer' });
    const legacy = await owner.put<Bulletin>(`/api/bulletins/${bulletin.id}`, {
      ...form,
      title: 'Legacy',
      bulletinItems: reversed,
    });
    expect(legacy.status).toBe(200);
    expect(legacy.body.version).toBe(3);
  });
});
