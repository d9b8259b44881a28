import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../shared/contracts/common';
import type { Prompter, PrompterContent, PrompterSession } from '../../../shared/contracts/prompters';
import { createBulletin } from '../../test/bulletin-factory';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createApprovedNews, createNews } from '../../test/news-factory';
import { storeSql } from '../../test/store-sql';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DHIVEHI_TITLE = 'ރައީސުލްޖުމްހޫރިއްޔާ ދައުރެއް ފަށައިފި';
const DHIVEHI_BODY = 'މިއަދު ހެނދުނު މާލޭގައި ބޭއްވި ޖަލްސާގައި\nދެވަނަ ސަތުރު';

/** Every section starts at its position with its `**Title**` line, and the joined text is exact. */
function expectExactOffsets(script: PrompterContent): void {
  for (const s of script.sections) {
    expect(script.content.slice(s.position).startsWith(`**${s.title}**`), s.title).toBe(true);
    expect(script.content.slice(s.position, s.position + s.content.length)).toBe(s.content);
  }
  expect(script.sections.map((s) => s.content).join('\n\n')).toBe(script.content);
}

describe('GET /api/prompters/:id/content', () => {
  it('builds sections from the linked bulletin in running order with exact offsets', async () => {
    const dev = await loginDevOwner(server);
    const { owner: b } = await createCompany(dev, server);
    const first = await createApprovedNews(dev, {
      title: 'Harbour reopens',
      subtitle: 'Ferries back',
      content: 'The harbour reopened today.\nShips queued.',
    });
    const dhivehi = await createApprovedNews(dev, { title: DHIVEHI_TITLE, content: DHIVEHI_BODY });
    const doomed = await createNews(dev, { title: 'Withdrawn story', content: 'Never read this' });
    const foreign = await createNews(b, { title: 'Station B secret', content: 'B only' });
    const bulletinId = await createBulletin(server, 1, dev.user.id, {
      title: 'Nine o’clock news',
      items: [
        { type: 'headline' },
        { type: 'news', newsId: dhivehi.id },
        { type: 'break', breakType: 'LOCAL BREAK' },
        { type: 'news', newsId: doomed.id },
        { type: 'news', newsId: first.id },
        { type: 'headline', newsId: first.id },
        { type: 'break', breakType: 'LUI HABARU' },
      ],
    });
    // The bulletins API refuses another station's article; rows written by earlier versions
    // (whose join did not check the company) can still hold one — the script must skip it.
    await storeSql(server, 'INSERT INTO bulletin_items (bulletin_id, type, sort_order, news_id) VALUES (?, ?, ?, ?)', [
      bulletinId,
      'news',
      3,
      foreign.id,
    ]);
    await dev.delete(`/api/news/${doomed.id}`);
    const p = (await dev.post<Prompter>('/api/prompters', { name: 'Nine', bulletinId })).body;
    const cam = await createUser(dev, server, 'cameraman');
    const res = await cam.get<PrompterContent>(`/api/prompters/${p.id}/content`);
    expect(res.status).toBe(200);
    const script = res.body;
    expect(script).toMatchObject({ prompterId: p.id, bulletinId, title: 'Nine o’clock news' });
    // A headline item carries no article (the bulletins API drops one): it reads as the headlines segment.
    expect(script.sections.map((s) => s.title)).toEqual([
      '— HEADLINES —',
      DHIVEHI_TITLE,
      '— LOCAL BREAK —',
      'Harbour reopens',
      '— HEADLINES —',
      '— LUI HABARU —',
    ]);
    expect(script.sections.map((s) => s.content)).toEqual([
      '**— HEADLINES —**',
      `**${DHIVEHI_TITLE}**\n${DHIVEHI_BODY}`,
      '**— LOCAL BREAK —**',
      '**Harbour reopens**\nThe harbour reopened today.\nShips queued.',
      '**— HEADLINES —**',
      '**— LUI HABARU —**',
    ]);
    expect(script.sections.map((s) => [s.kind, s.newsId])).toEqual([
      ['headline', null],
      ['news', dhivehi.id],
      ['break', null],
      ['news', first.id],
      ['headline', null],
      ['break', null],
    ]);
    expect(script.sections[0]!.position).toBe(0);
    expectExactOffsets(script);
    expect(script.content).not.toContain('Withdrawn story');
    expect(script.content).not.toContain('Station B secret');
    expect(new Set(script.sections.map((s) => s.id)).size).toBe(6);
  });

  it('follows edits of the articles and is empty without a bulletin', async () => {
    const dev = await loginDevOwner(server);
    const a = await createApprovedNews(dev, { title: 'Before', content: 'Old text' });
    const bulletinId = await createBulletin(server, 1, dev.user.id, { items: [{ type: 'news', newsId: a.id }] });
    const p = (await dev.post<Prompter>('/api/prompters', { name: 'Edits', bulletinId })).body;
    await dev.put(`/api/news/${a.id}`, { title: 'After', content: 'New text' });
    const script = (await dev.get<PrompterContent>(`/api/prompters/${p.id}/content`)).body;
    expect(script.content).toBe('**After**\nNew text');
    expect(script.sections).toHaveLength(1);
    expect(script.sections[0]).toMatchObject({ title: 'After', position: 0, content: '**After**\nNew text' });
    const bare = (await dev.post<Prompter>('/api/prompters', { name: 'No bulletin' })).body;
    expect((await dev.get<PrompterContent>(`/api/prompters/${bare.id}/content`)).body).toEqual({
      prompterId: bare.id,
      bulletinId: null,
      title: 'No bulletin',
      content: '',
      sections: [],
    });
    const empty = await createBulletin(server, 1, dev.user.id, { title: 'Empty one', items: [] });
    await dev.put(`/api/prompters/${bare.id}`, { bulletinId: empty });
    expect((await dev.get<PrompterContent>(`/api/prompters/${bare.id}/content`)).body).toMatchObject({
      bulletinId: empty,
      content: '',
      sections: [],
    });
  });
});

describe('prompter sessions', () => {
  it('any role starts a session as itself; it ends once (then 409)', async () => {
    const dev = await loginDevOwner(server);
    const p = (await dev.post<Prompter>('/api/prompters', { name: 'Sessions' })).body;
    const cam = await createUser(dev, server, 'cameraman');
    const started = await cam.post<PrompterSession>(`/api/prompters/${p.id}/sessions`, {
      userId: dev.user.id,
      companyId: 77,
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      prompterId: p.id,
      userId: cam.user.id,
      companyId: 1,
      sessionEnd: null,
      actions: [],
    });
    expect(Date.parse(started.body.sessionStart)).not.toBeNaN();
    server.clock.advance(90_000);
    const actions = [
      { type: 'play', at: '00:00:01' },
      { type: 'next_section', detail: 'Harbour reopens' },
    ];
    const ended = await cam.put<PrompterSession>(`/api/prompter-sessions/${started.body.id}/end`, { actions });
    expect(ended.status).toBe(200);
    expect(ended.body.actions).toEqual(actions);
    const length = Date.parse(ended.body.sessionEnd!) - Date.parse(started.body.sessionStart);
    expect(length).toBeGreaterThanOrEqual(90_000);
    expect(length).toBeLessThan(100_000);
    const twice = await cam.put<ErrorBody>(`/api/prompter-sessions/${started.body.id}/end`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This prompter session has already ended');
  });

  it('ten simultaneous ends of one session: exactly one succeeds, the rest are 409', async () => {
    const dev = await loginDevOwner(server);
    const p = (await dev.post<Prompter>('/api/prompters', { name: 'Race' })).body;
    const session = (await dev.post<PrompterSession>(`/api/prompters/${p.id}/sessions`)).body;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => dev.put(`/api/prompter-sessions/${session.id}/end`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
  });

  it('only the reader or owner/admin ends a session; another company gets 404', async () => {
    const dev = await loginDevOwner(server);
    const p = (await dev.post<Prompter>('/api/prompters', { name: 'Who ends' })).body;
    const mcr = await createUser(dev, server, 'mcr');
    const editor = await createUser(dev, server, 'editor');
    const admin = await createUser(dev, server, 'admin');
    const s1 = (await mcr.post<PrompterSession>(`/api/prompters/${p.id}/sessions`)).body;
    const s2 = (await mcr.post<PrompterSession>(`/api/prompters/${p.id}/sessions`)).body;
    expect((await editor.put(`/api/prompter-sessions/${s1.id}/end`)).status).toBe(403);
    const { owner: b } = await createCompany(dev, server);
    expect((await b.put(`/api/prompter-sessions/${s1.id}/end`)).status).toBe(404);
    expect((await admin.put<PrompterSession>(`/api/prompter-sessions/${s1.id}/end`)).body.sessionEnd).toEqual(
      expect.any(String),
    );
    expect((await dev.put<PrompterSession>(`/api/prompter-sessions/${s2.id}/end`)).body.userId).toBe(mcr.user.id);
    expect((await dev.put('/api/prompter-sessions/999999/end')).status).toBe(404);
    const bad = await mcr.put<ErrorBody>(`/api/prompter-sessions/${s1.id}/end`, { actions: [{ type: '' }] });
    expect(bad.status).toBe(400);
    await dev.delete(`/api/prompters/${p.id}`);
    expect((await mcr.post(`/api/prompters/${p.id}/sessions`)).status).toBe(404);
  });
});
