import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeletedNews, News } from '../../../shared/contracts/news';
import type { NotificationsResponse } from '../../../shared/contracts/notifications';
import type { Settings } from '../../../shared/contracts/settings';
import { equipmentStation } from '../../test/equipment-factory';
import { createApprovedNews, createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 3_600_000;
const deletedNotes = async (client: { get: <T>(url: string) => Promise<{ body: T }> }) =>
  (await client.get<NotificationsResponse>('/api/notifications')).body.items.filter((n) => n.id.startsWith('deleted-'));

/** Issue 39 point 4: who deleted it, owners/admins told of an on-air story deleted, a longer bin. */
describe('recycle bin (issue 39)', () => {
  it('shows who deleted each story and the status it had', async () => {
    const s = await equipmentStation(server);
    const story = await createApprovedNews(s.editor, { title: 'Deleted by the editor' });
    expect((await s.editor.delete(`/api/news/${story.id}`)).status).toBe(200);
    const [entry] = (await s.owner.get<DeletedNews[]>('/api/news/recycle-bin')).body;
    expect(entry).toMatchObject({
      id: story.id,
      deletedBy: s.editor.user.id,
      deletedByName: 'Test editor',
      status: 'approved',
    });
  });

  it('tells owners and admins (not the one who deleted it, not editors) when an approved or published story is deleted', async () => {
    const s = await equipmentStation(server);
    const approved = await createApprovedNews(s.editor, { title: 'Approved one' });
    const published = await createApprovedNews(s.editor, { title: 'Published one' });
    await s.editor.post<News>(`/api/news/${published.id}/publish`);
    const draft = await createNews(s.editor, { title: 'Just a draft' });
    for (const n of [approved, published, draft]) expect((await s.admin.delete(`/api/news/${n.id}`)).status).toBe(200);

    const owner = await deletedNotes(s.owner);
    expect(owner.map((n) => [n.title, n.message]).sort()).toEqual([
      [
        'Approved story deleted',
        '"Approved one" was deleted by Test admin. Restore it from the Recycle Bin if it should stay.',
      ],
      [
        'Published story deleted',
        '"Published one" was deleted by Test admin. Restore it from the Recycle Bin if it should stay.',
      ],
    ]);
    expect(owner.every((n) => n.type === 'story_deleted' && n.priority === 'high')).toBe(true);
    expect(await deletedNotes(s.admin)).toEqual([]);
    expect(await deletedNotes(s.editor)).toEqual([]);
    // Restored: nothing left to tell.
    await s.owner.post(`/api/news/${approved.id}/restore`);
    expect((await deletedNotes(s.owner)).map((n) => n.title)).toEqual(['Published story deleted']);
  });

  it('keeps deleted stories the station’s time: 2 hours by default, longer when set, never shorter', async () => {
    const s = await equipmentStation(server);
    expect((await s.owner.get<Settings>('/api/settings')).body.recycleBinHours).toBe(2);
    const before = await createNews(s.owner, { title: 'Two hours' });
    await s.owner.delete(`/api/news/${before.id}`);
    expect((await s.owner.put<Settings>('/api/settings', { recycleBinHours: 72 })).body.recycleBinHours).toBe(72);
    const after = await createNews(s.owner, { title: 'Three days' });
    await s.owner.delete(`/api/news/${after.id}`);
    const bin = (await s.owner.get<DeletedNews[]>('/api/news/recycle-bin')).body;
    const kept = (id: number) => {
      const e = bin.find((x) => x.id === id)!;
      return (Date.parse(e.scheduledForDeletion!) - Date.parse(e.deletedAt!)) / HOUR;
    };
    expect(kept(before.id)).toBe(2);
    expect(kept(after.id)).toBe(72);
    for (const bad of [1, 721, 2.5])
      expect((await s.owner.put('/api/settings', { recycleBinHours: bad })).status, String(bad)).toBe(400);
    expect((await s.editor.put('/api/settings', { recycleBinHours: 24 })).status).toBe(403);
  });
});
