import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { News } from '../../shared/contracts/news';
import type { Prompter, PrompterContent } from '../../shared/contracts/prompters';
import { createBulletin } from '../test/bulletin-factory';
import type { VersionConflict } from '../../shared/contracts/common';
import { createStation, createUser } from '../test/factories';
import { createNews } from '../test/news-factory';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('news: no lost update', () => {
  it('two editors save from one version: the rewrite stays, the stale title save is a 409 with the current story', async () => {
    const { owner } = await createStation(server);
    const editor = await createUser(owner, server, 'editor', { fullName: 'Aminath Editor' });
    const story = await createNews(owner, { title: 'Old title', content: 'Old content' });
    expect(story.version).toBe(1);
    const a = await editor.put<News>(`/api/news/${story.id}`, {
      title: story.title,
      content: 'A rewrote everything',
      version: story.version,
    });
    expect(a.status).toBe(200);
    expect(a.body.version).toBe(2);
    const b = await owner.put<VersionConflict<News>>(`/api/news/${story.id}`, {
      title: 'B new title',
      content: story.content,
      version: story.version,
    });
    expect(b.status).toBe(409);
    expect(b.body.message).toMatch(/^Aminath Editor changed this story /);
    expect(b.body.current.content).toBe('A rewrote everything');
    expect(b.body.current.version).toBe(2);
    expect(b.body.changedBy).toEqual({ id: editor.user.id, fullName: 'Aminath Editor' });
    expect(typeof b.body.changedAt).toBe('string');
    const now = (await owner.get<News>(`/api/news/${story.id}`)).body;
    expect(now.content).toBe('A rewrote everything');
    expect(now.title).toBe('Old title');
  });

  it('100 parallel saves from one version: 1 × 200, 99 × 409, the story is the winner body', async () => {
    const { owner } = await createStation(server);
    const story = await createNews(owner);
    const bodies = Array.from({ length: 100 }, (_, i) => ({
      title: `Title ${i}`,
      content: `Content ${i}`,
      version: story.version,
    }));
    const results = await Promise.all(bodies.map((body) => owner.put<News>(`/api/news/${story.id}`, body)));
    const won = results.flatMap((r, i) => (r.status === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(99);
    const now = (await owner.get<News>(`/api/news/${story.id}`)).body;
    expect({ title: now.title, content: now.content, version: now.version }).toEqual({
      title: `Title ${won[0]}`,
      content: `Content ${won[0]}`,
      version: 2,
    });
  });

  it('a client that sends no version (API key, legacy) is accepted as before, and still moves the version on', async () => {
    const { owner } = await createStation(server);
    const story = await createNews(owner);
    const res = await owner.put<News>(`/api/news/${story.id}`, { title: 'No version sent' });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(2);
    // A field the save leaves out is kept (a missing subtitle used to be cleared).
    expect(res.body.subtitle).toBe(story.subtitle);
    const stale = await owner.put<News>(`/api/news/${story.id}`, { title: 'Stale', version: 1 });
    expect(stale.status).toBe(409);
  });

  it('approving moves the version on, so an edit from before the approval is refused', async () => {
    const { owner } = await createStation(server);
    const story = await createNews(owner);
    expect((await owner.post(`/api/news/${story.id}/approve`, {})).status).toBe(200);
    const res = await owner.put<VersionConflict<News>>(`/api/news/${story.id}`, {
      title: 'Late',
      version: story.version,
    });
    expect(res.status).toBe(409);
    expect(res.body.current.status).toBe('approved');
  });

  it('the prompter script carries each article version, so a live correction from a stale script is refused', async () => {
    const { owner, companyId } = await createStation(server);
    const story = await createNews(owner, { content: 'Read this on air.' });
    const bulletinId = await createBulletin(server, companyId, owner.user.id, {
      items: [{ type: 'news', newsId: story.id }],
    });
    const prompter = (await owner.post<Prompter>('/api/prompters', { name: 'Studio', bulletinId })).body;
    const script = async () =>
      (await owner.get<PrompterContent>(`/api/prompters/${prompter.id}/content`)).body.sections[0]!;
    expect((await script()).newsVersion).toBe(1);
    expect((await owner.put(`/api/news/${story.id}`, { content: 'Corrected by the desk.', version: 1 })).status).toBe(
      200,
    );
    const live = await owner.put<VersionConflict<News>>(`/api/news/${story.id}`, {
      content: 'Corrected by the reader.',
      version: 1,
    });
    expect(live.status).toBe(409);
    expect(live.body.current.content).toBe('Corrected by the desk.');
    expect((await script()).newsVersion).toBe(2);
  });
});
