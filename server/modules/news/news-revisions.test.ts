import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { News, NewsRevision } from '../../../shared/contracts/news';
import { tablesOf } from '../../db/store';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const storedRevisions = (newsId: number) =>
  server.services.equipmentBulk.ctx.store.read((q) => {
    const { newsRevisions } = tablesOf(q);
    return q.select().from(newsRevisions).where(eq(newsRevisions.newsId, newsId));
  });

async function storyWithThreeSaves() {
  const owner = await loginDevOwner(server);
  const editor = await createUser(owner, server, 'editor', { fullName: 'Aminath Editor' });
  const story = await createNews(owner, { title: 'Original title', content: 'Original text' });
  await editor.put(`/api/news/${story.id}`, { title: 'Second title', version: story.version });
  const third = await editor.put<News>(`/api/news/${story.id}`, {
    content: 'Rewritten text',
    version: story.version + 1,
  });
  expect(third.status).toBe(200);
  return { owner, editor, story, current: third.body };
}

describe('a story’s revision history (issue 26)', () => {
  it('keeps every saved text, newest first, with who and when; the activity log links to each', async () => {
    const { owner, story } = await storyWithThreeSaves();
    const list = (await owner.get<NewsRevision[]>(`/api/news/${story.id}/revisions`)).body;
    expect(list.map((r) => [r.action, r.version, r.title, r.content])).toEqual([
      ['updated', 3, 'Second title', 'Rewritten text'],
      ['updated', 2, 'Second title', 'Original text'],
      ['created', 1, 'Original title', 'Original text'],
    ]);
    expect(list[0]!.savedByName).toBe('Aminath Editor');
    const log = (await owner.get<ActivityLog[]>('/api/activity-logs?limit=100')).body.filter(
      (e) => e.revision?.newsId === story.id,
    );
    expect(log.map((e) => e.revision!.revisionId).sort()).toEqual(list.map((r) => r.id).sort());
  });

  it('restores an old text as a NEW version, through the edit rules and the version check', async () => {
    const { owner, editor, story, current } = await storyWithThreeSaves();
    const first = (await owner.get<NewsRevision[]>(`/api/news/${story.id}/revisions`)).body.at(-1)!;

    const stale = await editor.post(`/api/news/${story.id}/revisions/${first.id}/restore`, {
      version: current.version - 1,
    });
    expect(stale.status).toBe(409);
    const restored = await editor.post<News>(`/api/news/${story.id}/revisions/${first.id}/restore`, {
      version: current.version,
    });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      title: 'Original title',
      content: 'Original text',
      version: current.version + 1,
    });

    const list = (await owner.get<NewsRevision[]>(`/api/news/${story.id}/revisions`)).body;
    expect(list).toHaveLength(4); // the history only grows
    expect(list[0]).toMatchObject({ action: 'restored', restoredFrom: first.id, title: 'Original title' });
    const log = (await owner.get<ActivityLog[]>('/api/activity-logs?limit=100')).body;
    expect(log.find((e) => e.revision?.revisionId === list[0]!.id)?.details).toMatch(
      /^Restored news "Original title" to the text saved/,
    );
  });

  it('another station’s story is a 404; a role that may not edit it is a 403; a missing revision is a 404', async () => {
    const { owner, story } = await storyWithThreeSaves();
    const first = (await owner.get<NewsRevision[]>(`/api/news/${story.id}/revisions`)).body.at(-1)!;
    const { owner: other } = await createCompany(owner, server);
    expect((await other.get(`/api/news/${story.id}/revisions`)).status).toBe(404);
    expect((await other.post(`/api/news/${story.id}/revisions/${first.id}/restore`, {})).status).toBe(404);
    const writer = await createUser(owner, server, 'mcr');
    expect((await writer.post(`/api/news/${story.id}/revisions/${first.id}/restore`, {})).status).toBe(403); // not their draft
    expect(
      (
        await (
          await createUser(owner, server, 'cameraman')
        ).post(`/api/news/${story.id}/revisions/${first.id}/restore`, {})
      ).status,
    ).toBe(403);
    const otherStory = await createNews(other);
    const otherRevision = (await other.get<NewsRevision[]>(`/api/news/${otherStory.id}/revisions`)).body[0]!;
    expect((await owner.post(`/api/news/${story.id}/revisions/${otherRevision.id}/restore`, {})).status).toBe(404);
  });

  it('goes with the story when the recycle bin purges it; the log entries stay, unlinked', async () => {
    const { owner, story } = await storyWithThreeSaves();
    expect(await storedRevisions(story.id)).toHaveLength(3);
    const linked = (await owner.get<ActivityLog[]>('/api/activity-logs?limit=100')).body
      .filter((e) => e.revision?.newsId === story.id)
      .map((e) => e.id);
    expect(linked).toHaveLength(3);
    expect((await owner.delete(`/api/news/${story.id}`)).status).toBe(200);
    expect((await owner.get(`/api/news/${story.id}/revisions`)).status).toBe(404); // in the bin
    expect((await owner.delete(`/api/news/${story.id}/permanent`)).status).toBe(200);
    expect(await storedRevisions(story.id)).toEqual([]);
    const log = (await owner.get<ActivityLog[]>('/api/activity-logs?limit=100')).body;
    expect(log.filter((e) => linked.includes(e.id)).map((e) => e.revision)).toEqual([null, null, null]);
  });
});
