import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type { CgNext } from '../../../shared/contracts/cg-next';
import type { CrawlerContent } from '../../../shared/contracts/crawler';
import type { Settings } from '../../../shared/contracts/settings';
import type { ApiClient } from '../../test/api-client';
import { createStation, createUser, loginDevOwner } from '../../test/factories';
import { createApprovedNews } from '../../test/news-factory';
import { onPostgres, startTestServer, withRestart, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const next = async (c: ApiClient) => (await c.get<CgNext>('/api/cg-files/next')).body;
const setTakeMode = async (c: ApiClient, on: boolean) => {
  const { version } = (await c.get<Settings>('/api/settings')).body;
  const res = await c.put<Settings>('/api/settings', { takeMode: on, version });
  expect(res.status).toBe(200);
  return res.body;
};

/** A fresh station in take mode (turned on in settings, as an owner would) and an mcr operator. */
async function station(takeMode = true) {
  const s = await createStation(server);
  if (takeMode) await setTakeMode(s.owner, true);
  const mcr = await createUser(s.owner, server, 'mcr', { fullName: 'Aishath MCR' });
  const actions = async () => (await s.owner.get<ActivityLog[]>('/api/activity-logs')).body.map((l) => l.action);
  return { ...s, mcr, actions };
}

/** Every on-air change the CG engine emitted for one company (what the outputs and as-run hear). */
function airChangesOf(companyId: number) {
  const seen: Array<Record<string, string>> = [];
  const off = server.services.cgFiles.changes.onChange((c) => {
    if (c.companyId === companyId) seen.push(c.changed);
  });
  return { seen, off };
}

describe('take mode setting', () => {
  it('is on for companies created on a default start and off (null) for a station from before', async () => {
    const fresh = await startTestServer({ takeModeForNewCompanies: true });
    try {
      const { owner } = await createStation(fresh);
      expect((await owner.get<Settings>('/api/settings')).body.takeMode).toBe(true);
      expect((await next(owner)).takeMode).toBe(true);
    } finally {
      await fresh.close();
    }
    const old = await createStation(server);
    expect((await old.owner.get<Settings>('/api/settings')).body.takeMode).toBe(false);
  });

  it('is saved with the settings version rule and logged', async () => {
    const { owner, actions } = await station(false);
    const { version } = (await owner.get<Settings>('/api/settings')).body;
    expect((await owner.put('/api/settings', { takeMode: true, version })).status).toBe(200);
    const stale = await owner.put('/api/settings', { takeMode: false, version });
    expect(stale.status).toBe(409);
    expect((await next(owner)).takeMode).toBe(true);
    expect(await actions()).toContain('settings_updated');
    expect((await owner.put('/api/settings', { takeMode: 'yes' })).status).toBe(400);
  });
});

describe('staging', () => {
  it('stages update-direct instead of airing it, merges newest text per type, and tells every operator live', async () => {
    const { owner, mcr, readCg } = await station();
    const watcher = await TestSocket.authed(server.url, mcr.token!, mcr.user.id);
    const res = await owner.post<{ staged: boolean; next: CgNext }>('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'First',
      subheadline: 'Sub',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, staged: true, files: [] });
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Second' });
    expect(readCg('headline')).toBeNull();
    const seen = await next(mcr);
    expect(seen.changes).toEqual([
      { type: 'headline', content: 'Second' },
      { type: 'subheadline', content: 'Sub' },
    ]);
    expect(seen.updatedBy?.userId).toBe(owner.user.id);
    const event = await watcher.until(
      () =>
        watcher.messages.find(
          (m) => m.type === 'cg_next_updated' && (m.data as CgNext).changes[0]?.content === 'Second',
        ),
      1000,
    );
    expect((event.data as CgNext).version).toBe(seen.version);
    watcher.socket.close();
  });

  it('stages "Add to CG" from a story and Telegram-style bars through the same slot; a bad text is refused when staged', async () => {
    const { owner, readCg } = await station();
    const story = await createApprovedNews(owner, { title: 'Harbour reopens', subtitle: 'Ferries from 6 am' });
    const res = await owner.post<{ staged: boolean }>(`/api/news/${story.id}/create-cg`, {
      cgType: 'headline',
      contentSource: 'title',
    });
    expect(res.body.staged).toBe(true);
    expect((await next(owner)).changes.map((c) => c.content)).toEqual(['Harbour reopens', 'Ferries from 6 am']);
    const bad = await owner.post<{ message: string }>('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'two\nlines',
    });
    expect(bad.status).toBe(400);
    expect(readCg('headline')).toBeNull();
  });

  it('stages crawler edits on the list that will air, which the crawler page then edits', async () => {
    const { owner, readCg } = await station(false);
    await owner.post('/api/news-crawler/add-headline', { headline: 'On air line' });
    await setTakeMode(owner, true);
    const added = await owner.post<CrawlerContent>('/api/news-crawler/add-headline', { headline: 'Staged line' });
    expect(added.body).toMatchObject({ staged: true, headlines: ['On air line', 'Staged line'] });
    await owner.post('/api/news-crawler/remove-headline', { index: 0 });
    expect((await owner.get<CrawlerContent>('/api/news-crawler/content')).body).toEqual({
      headlines: ['Staged line'],
      count: 1,
      staged: true,
    });
    expect(readCg('news_crawler')).toBe('On air line');
    const { version } = await next(owner);
    expect((await owner.post('/api/cg-files/take', { version })).status).toBe(200);
    expect(readCg('news_crawler')).toBe('Staged line');
    expect((await owner.get<CrawlerContent>('/api/news-crawler/content')).body).toEqual({
      headlines: ['Staged line'],
      count: 1,
    });
  });

  it('lets the prompter cue (sentFrom: prompter) air at once', async () => {
    const { owner, readCg } = await station();
    const story = await createApprovedNews(owner, { title: 'Read now' });
    const res = await owner.post<Record<string, unknown>>(`/api/news/${story.id}/create-cg`, {
      cgType: 'headline',
      contentSource: 'title',
      sentFrom: 'prompter',
    });
    expect(res.body.staged).toBeUndefined();
    expect(readCg('headline')).toBe('Read now');
    await owner.post('/api/cg-files/update-direct', { type: 'subheadline', content: '', sentFrom: 'prompter' });
    expect(readCg('subheadline')).toBe('');
    expect((await next(owner)).changes).toEqual([]);
    expect(
      (await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'x', sentFrom: 'phone' })).status,
    ).toBe(400);
  });

  it('keeps the emergency override and its end immediate', async () => {
    const { owner, readCg } = await station();
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Staged' });
    expect((await owner.post('/api/cg-files/emergency', { content: 'EVACUATE', headline: 'ALERT' })).status).toBe(200);
    expect([readCg('emergency'), readCg('headline')]).toEqual(['EVACUATE', 'ALERT']);
    await owner.post('/api/cg-files/emergency/end');
    expect(readCg('emergency')).toBe('');
    expect((await next(owner)).changes).toEqual([{ type: 'headline', content: 'Staged' }]);
  });
});

describe('take and clear', () => {
  it('airs Next through the CG path, empties it, and a second take of that version is a clear 409', async () => {
    const { owner, mcr, readCg, actions, companyId } = await station();
    const air = airChangesOf(companyId);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Take me', subheadline: 'And me' });
    const { version } = await next(mcr);
    const took = await mcr.post<{ next: CgNext }>('/api/cg-files/take', { version });
    expect(took.status).toBe(200);
    expect(took.body.next.changes).toEqual([]);
    expect([readCg('headline'), readCg('subheadline')]).toEqual(['Take me', 'And me']);
    expect(air.seen).toEqual([{ headline: 'Take me', subheadline: 'And me' }]);
    const again = await owner.post<{ message: string }>('/api/cg-files/take', { version });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Nothing to take: Aishath MCR already took it.');
    expect((await actions())[0]).toBe('cg_next_taken');
    air.off();
  });

  it('services.cgNext.take(writer) — the Stream Deck entry — takes what Next holds now, once', async () => {
    const { owner, mcr, readCg, companyId } = await station();
    await owner.post('/api/cg-files/update-direct', { type: 'titlebar', content: 'From the deck' });
    const writer = { companyId, userId: mcr.user.id, source: 'api_key' as const };
    const results = await Promise.allSettled([
      server.services.cgNext.take(writer),
      server.services.cgNext.take(writer),
    ]);
    // Exactly one airs; which of the two is the store's lock order (on PostgreSQL either may win).
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason).toMatchObject({
      status: 409,
      message: 'Nothing to take: NEXT is empty (Aishath MCR took it last).',
    });
    expect(readCg('titlebar')).toBe('From the deck');
  });

  it('refuses a take of a Next that changed since it was seen', async () => {
    const { owner, readCg } = await station();
    await owner.post('/api/cg-files/update-direct', { type: 'infoline', content: 'One' });
    const { version } = await next(owner);
    await owner.post('/api/cg-files/update-direct', { type: 'infoline', content: 'Two' });
    const res = await owner.post<{ message: string }>('/api/cg-files/take', { version });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Next changed/);
    expect(readCg('infoline')).toBeNull();
  });

  it('takes exactly once under 200 parallel takes: one file write, one on-air change', async () => {
    const { owner, mcr, readCg, companyId } = await station();
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Only once' });
    const { version } = await next(owner);
    const air = airChangesOf(companyId);
    const files: string[] = [];
    const offFiles = server.services.cgFiles.changes.onResult((r) => {
      if (r.change.companyId === companyId && r.output === 'files') files.push(r.result);
    });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? owner : mcr).post('/api/cg-files/take', { version })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    expect(air.seen).toEqual([{ headline: 'Only once' }]);
    expect(files).toEqual(['ok']);
    expect(readCg('headline')).toBe('Only once');
    air.off();
    offFiles();
  });

  it('clears Next (Escape); a clear naming an older version is refused', async () => {
    const { owner, mcr } = await station();
    await owner.post('/api/cg-files/update-direct', { type: 'timer', content: '10:00' });
    const { version } = await next(owner);
    await owner.post('/api/cg-files/update-direct', { type: 'timer', content: '09:00' });
    expect((await mcr.delete(`/api/cg-files/next?version=${version}`)).status).toBe(409);
    const cleared = await mcr.delete<CgNext>('/api/cg-files/next');
    expect(cleared.status).toBe(200);
    expect(cleared.body.changes).toEqual([]);
    expect((await mcr.delete('/api/cg-files/next?version=abc')).status).toBe(400);
  });

  it('take and clear are CG writes: refused to a cameraman, who may still read Next', async () => {
    const { owner } = await station();
    const cam = await createUser(owner, server, 'cameraman');
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Watch only' });
    const seen = await next(cam);
    expect(seen.changes).toHaveLength(1);
    expect((await cam.post('/api/cg-files/take', { version: seen.version })).status).toBe(403);
    expect((await cam.delete('/api/cg-files/next')).status).toBe(403);
  });

  it('another company never sees nor takes it', async () => {
    const a = await station();
    const b = await station();
    const bSocket = await TestSocket.authed(server.url, b.mcr.token!, b.mcr.user.id);
    await a.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Station A only' });
    const { version } = await next(a.owner);
    expect((await next(b.owner)).changes).toEqual([]);
    expect((await b.owner.post('/api/cg-files/take', { version })).status).toBe(409);
    expect((await b.owner.delete('/api/cg-files/next')).status).toBe(200);
    expect((await next(a.owner)).changes).toHaveLength(1);
    expect(b.readCg('headline')).toBeNull();
    expect(a.readCg('headline')).toBeNull();
    expect(bSocket.messages.some((m) => JSON.stringify(m.data).includes('Station A only'))).toBe(false);
    bSocket.socket.close();
  });
});

describe('take mode off', () => {
  it('sends straight to air exactly as before, and switching it off discards Next', async () => {
    const { owner, readCg } = await station();
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Left staged' });
    await setTakeMode(owner, false);
    expect((await next(owner)).changes).toEqual([]);
    const res = await owner.post<Record<string, unknown>>('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Direct',
    });
    expect(res.body.staged).toBeUndefined();
    expect(res.body.success).toBe(true);
    expect(readCg('headline')).toBe('Direct');
    expect((await owner.post<{ message: string }>('/api/cg-files/take', { version: 1 })).body.message).toBe(
      'Nothing to take: NEXT is empty.',
    );
  });
});

describe('NEXT across a restart (docs/decisions.md)', () => {
  it('is emptied by a server starting alone on its store, and kept when another server still runs on it', async () => {
    await withRestart(
      async (first) => {
        const owner = await loginDevOwner(first);
        await setTakeMode(owner, true);
        await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Staged before the restart' });
        expect((await next(owner)).changes).toEqual([{ type: 'headline', content: 'Staged before the restart' }]);
      },
      async (again) => {
        const owner = await loginDevOwner(again);
        const { changes, version } = await next(owner);
        // The first server still runs: on SQLite the restart is alone with its file (a crash's NEXT
        // must not be taken by a reflexive Enter); on PostgreSQL it is a second server on a shared
        // store, whose operators' NEXT stays.
        if (onPostgres()) expect(changes).toEqual([{ type: 'headline', content: 'Staged before the restart' }]);
        else {
          expect(changes).toEqual([]);
          expect(version).toBeGreaterThan(0);
        }
      },
    );
  });
});
