import { describe, expect, it } from 'vitest';
import type { News } from '../../../shared/contracts/news';
import type { MakeStoryResult, WireFeed, WireSource } from '../../../shared/contracts/wires';
import { createStation, createUser } from '../../test/factories';
import { THAANA_TITLE, type FakeFeeds } from '../../test/fake-feeds';
import type { TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';
import { addFeed, pollFeed, wireItems, useWiresServer } from '../../test/wires-helpers';

let server: TestServer;
let feeds: FakeFeeds;
useWiresServer((s, f) => {
  server = s;
  feeds = f;
});

describe('wires: feeds in, plain text out', () => {
  it('RSS, Atom, JSON Feed and Thaana items appear as plain text with their source, newest first', async () => {
    const { owner } = await createStation(server);
    const rssFeed = await addFeed(owner, feeds, '/rss.xml', 'RSS Agency');
    await addFeed(owner, feeds, '/atom.xml', 'Atom Agency');
    await addFeed(owner, feeds, '/feed.json', 'JSON Desk');
    await addFeed(owner, feeds, '/thaana.xml', 'Thaana News');
    expect(rssFeed).toMatchObject({ itemCount: 2, lastError: null, failures: 0 });
    expect(rssFeed.lastSuccessAt).not.toBeNull();

    const items = await wireItems(owner);
    expect(items).toHaveLength(7);
    const cabinet = items.find((i) => i.title === 'RSS cabinet meets');
    // HTML is stripped, script text included; nothing of the markup is kept.
    expect(cabinet).toMatchObject({
      source: 'RSS Agency',
      summary: 'The cabinet met today.',
      link: 'http://example.test/rss/1',
      newsId: null,
    });
    expect(items.find((i) => i.title === 'RSS weather & sea')?.summary).toBe('Rough seas & rain expected.');
    expect(items.find((i) => i.title === 'Atom harbour reopens')?.summary).toBe('The harbour is open again.');
    expect(items.find((i) => i.title === 'JSON budget vote')?.summary).toBe('Parliament votes today.');
    // A javascript: link is never kept (it would run when clicked).
    expect(items.find((i) => i.title === 'JSON unsafe link')?.link).toBeNull();
    expect(items.find((i) => i.source === 'Thaana News')?.title).toBe(THAANA_TITLE);
    const times = items.map((i) => i.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('search finds by title or summary, % is literal, and Thaana text is searchable', async () => {
    const { owner } = await createStation(server);
    await addFeed(owner, feeds, '/atom.xml');
    await addFeed(owner, feeds, '/thaana.xml');
    expect((await wireItems(owner, '?search=ferry')).map((i) => i.title)).toEqual(['Atom ferry schedule']);
    expect((await wireItems(owner, '?search=HARBOUR%20is')).map((i) => i.title)).toEqual(['Atom harbour reopens']);
    expect(await wireItems(owner, `?search=${encodeURIComponent('ވާރޭ')}`)).toHaveLength(1);
    expect(await wireItems(owner, '?search=%25')).toHaveLength(0);
  });

  it('polling twice stores nothing twice; a new item arrives once and is announced live', async () => {
    const { owner } = await createStation(server);
    const feed = await addFeed(owner, feeds, '/rss.xml');
    const socket = await TestSocket.authed(server.url, owner.token ?? '');
    try {
      await pollFeed(owner, feed.id);
      expect(await wireItems(owner)).toHaveLength(2);
      feeds.rssItems.push({
        guid: 'rss-3',
        title: 'RSS late story',
        description: 'Late.',
        link: 'http://example.test/rss/3',
        date: new Date().toISOString(),
      });
      const after = await pollFeed(owner, feed.id);
      await pollFeed(owner, feed.id);
      expect(after.itemCount).toBe(3);
      expect((await wireItems(owner)).filter((i) => i.title === 'RSS late story')).toHaveLength(1);
      await socket.until(() =>
        socket.messages.find((m) => m.type === 'wires_updated' && (m.data as { added: number }).added === 1),
      );
    } finally {
      feeds.rssItems.pop();
      socket.socket.close();
    }
  });

  it('asks again with If-None-Match / If-Modified-Since and takes the 304 as success', async () => {
    const { owner } = await createStation(server);
    const before = feeds.notModified;
    const feed = await addFeed(owner, feeds, '/conditional.xml');
    // The row shows the first poll a moment before that poll has ended (its fsync runs off the
    // loop); a poll meanwhile would join it and ask nothing (a flake on a loaded machine).
    await server.services.wirePoller.settled();
    server.clock.advance(60_000);
    const again = await pollFeed(owner, feed.id);
    expect(feeds.notModified).toBe(before + 1);
    expect(again).toMatchObject({ itemCount: 1, lastError: null, failures: 0 });
    expect(again.lastSuccessAt! > feed.lastSuccessAt!).toBe(true);
  });
});

describe('wires: make a story', () => {
  it('creates exactly one linked draft, however often it is clicked', async () => {
    const { owner } = await createStation(server);
    const editor = await createUser(owner, server, 'editor');
    await addFeed(owner, feeds, '/atom.xml');
    const item = (await wireItems(editor)).find((i) => i.title === 'Atom harbour reopens')!;

    const clicks = await Promise.all(
      [1, 2, 3].map(() => editor.post<MakeStoryResult>(`/api/wires/${item.id}/make-story`)),
    );
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(clicks.map((c) => c.body.newsId));
    expect(ids.size).toBe(1);
    const newsId = clicks[0]!.body.newsId;

    const draft = await editor.get<News>(`/api/news/${newsId}`);
    expect(draft.body).toMatchObject({
      status: 'draft',
      title: 'Atom harbour reopens',
      content: 'The harbour is open again.',
      createdBy: editor.user.id,
    });
    const drafts = await editor.get<News[]>('/api/news?status=draft');
    expect(drafts.body.filter((n) => n.title === 'Atom harbour reopens')).toHaveLength(1);
    const source = await editor.get<{ source: WireSource }>(`/api/wires/sources/${newsId}`);
    expect(source.body.source).toMatchObject({
      wireItemId: item.id,
      source: 'atom xml',
      link: 'http://example.test/atom/1',
    });
    expect((await wireItems(editor)).find((i) => i.id === item.id)?.newsId).toBe(newsId);

    // The draft deleted: the next click makes a new one.
    expect((await owner.delete(`/api/news/${newsId}`)).status).toBe(200);
    const remade = await editor.post<MakeStoryResult>(`/api/wires/${item.id}/make-story`);
    expect(remade.status).toBe(201);
    expect(remade.body.newsId).not.toBe(newsId);
  });

  it('roles: writers read and make stories; only owner/admin manage feeds; cameramen see nothing', async () => {
    const { owner } = await createStation(server);
    const feed = await addFeed(owner, feeds, '/feed.json');
    const mcr = await createUser(owner, server, 'mcr');
    const cameraman = await createUser(owner, server, 'cameraman');
    expect((await mcr.get('/api/wires')).status).toBe(200);
    expect((await mcr.get('/api/wires/feeds')).status).toBe(403);
    expect((await mcr.post('/api/wires/feeds', { name: 'x', url: 'http://example.test/x' })).status).toBe(403);
    expect((await mcr.post(`/api/wires/feeds/${feed.id}/poll`)).status).toBe(403);
    expect((await cameraman.get('/api/wires')).status).toBe(403);
  });

  it('another company cannot see, poll, edit, delete or use your feeds and items (404)', async () => {
    const a = await createStation(server);
    const b = await createStation(server);
    const feed = await addFeed(a.owner, feeds, '/rss.xml');
    const item = (await wireItems(a.owner))[0]!;
    expect(await wireItems(b.owner)).toEqual([]);
    expect((await b.owner.get<WireFeed[]>('/api/wires/feeds')).body).toEqual([]);
    expect((await b.owner.post(`/api/wires/feeds/${feed.id}/poll`)).status).toBe(404);
    expect(
      (await b.owner.put(`/api/wires/feeds/${feed.id}`, { name: 'mine', url: feeds.url + '/atom.xml' })).status,
    ).toBe(404);
    expect((await b.owner.delete(`/api/wires/feeds/${feed.id}`)).status).toBe(404);
    expect((await b.owner.post(`/api/wires/${item.id}/make-story`)).status).toBe(404);
    const made = await a.owner.post<{ newsId: number }>(`/api/wires/${item.id}/make-story`);
    expect((await b.owner.get(`/api/wires/sources/${made.body.newsId}`)).status).toBe(404); // A's story, asked by B
    expect((await a.owner.get<WireFeed[]>('/api/wires/feeds')).body[0]?.name).toBe(feed.name);
  });
});
