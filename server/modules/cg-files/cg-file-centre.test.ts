import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CgFile } from '../../../shared/contracts/cg-files';
import type { CgNext } from '../../../shared/contracts/cg-next';
import type { Settings } from '../../../shared/contracts/settings';
import type { ApiClient } from '../../test/api-client';
import { createStation } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

/**
 * Issue 38, point 1: the CG File Centre was a side door around take mode ("+" and edit aired at
 * once, NEXT stayed empty). In take mode its text goes through NEXT or is refused (409); a
 * headline sent from it brings its subheadline (issue 22's rule on every path).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const next = async (c: ApiClient) => (await c.get<CgNext>('/api/cg-files/next')).body;
async function station(takeMode: boolean) {
  const s = await createStation(server);
  if (takeMode) {
    const { version } = (await s.owner.get<Settings>('/api/settings')).body;
    expect((await s.owner.put('/api/settings', { takeMode: true, version })).status).toBe(200);
  }
  const fileOf = async (type: string) =>
    (await s.owner.get<CgFile[]>('/api/cg-files')).body.find((f) => f.type === type);
  return { ...s, fileOf };
}

describe('the file centre in take mode', () => {
  it('refuses "+" and edit that would air at once (409), for every bar type; nothing is written', async () => {
    const { owner, readCg } = await station(true);
    for (const type of ['breakingnews', 'infoline', 'score1', 'team1', 'timer', 'titlebar']) {
      const res = await owner.post<{ message: string }>('/api/cg-files', { type, content: 'Straight to air?' });
      expect(res.status, type).toBe(409);
      expect(res.body.message).toBe(
        `Take mode is on: this would put ${type} on air at once, without a Take. Stage it in NEXT (stage: true) and take it.`,
      );
      expect(readCg(type), type).toBeNull();
    }
    expect((await next(owner)).changes).toEqual([]);
  });

  it('stages "+" (stage: true) in NEXT: the file exists empty at once, the text airs on Take', async () => {
    const { owner, readCg, fileOf } = await station(true);
    const res = await owner.post<CgFile & { staged: boolean; next: CgNext }>('/api/cg-files', {
      type: 'breakingnews',
      content: 'Dam breach upstream',
      fileName: 'breakingnews.txt',
      stage: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'breakingnews', content: '', fileName: 'breakingnews.txt', staged: true });
    expect(res.body.next.changes).toEqual([{ type: 'breakingnews', content: 'Dam breach upstream' }]);
    expect(readCg('breakingnews')).toBe('');
    const { version } = await next(owner);
    expect((await owner.post('/api/cg-files/take', { version })).status).toBe(200);
    expect(readCg('breakingnews')).toBe('Dam breach upstream');
    expect((await fileOf('breakingnews'))?.fileName).toBe('breakingnews.txt');
  });

  it('stages an edit; an edit that leaves the text as on air applies at once without NEXT', async () => {
    const { owner, readCg, fileOf } = await station(false);
    const created = (await owner.post<CgFile>('/api/cg-files', { type: 'titlebar', content: 'Evening news' })).body;
    const { version } = (await owner.get<Settings>('/api/settings')).body;
    await owner.put('/api/settings', { takeMode: true, version });
    expect((await owner.put(`/api/cg-files/${created.id}`, { content: 'Late news' })).status).toBe(409);
    const staged = await owner.put<{ staged: boolean; content: string }>(`/api/cg-files/${created.id}`, {
      content: 'Late news',
      stage: true,
    });
    expect(staged.body).toMatchObject({ staged: true, content: 'Evening news' });
    expect(readCg('titlebar')).toBe('Evening news');
    expect((await next(owner)).changes).toEqual([{ type: 'titlebar', content: 'Late news' }]);
    // Issue 39: files are not renamed (cg-file-names.test.ts); the file's own name passes.
    const same = await owner.put<CgFile>(`/api/cg-files/${created.id}`, {
      content: 'Evening news',
      fileName: 'titlebar.txt',
    });
    expect(same.status).toBe(200);
    expect((await fileOf('titlebar'))?.fileName).toBe('titlebar.txt');
    expect((await next(owner)).changes).toEqual([{ type: 'titlebar', content: 'Late news' }]);
  });

  it('Clear of text on air is staged (stage=true) or refused; Delete of text on air needs bypassNext', async () => {
    const { owner, readCg } = await station(false);
    const info = (await owner.post<CgFile>('/api/cg-files', { type: 'infoline', content: 'Roads closed' })).body;
    const empty = (await owner.post<CgFile>('/api/cg-files', { type: 'timer', content: '10:00' })).body;
    await owner.delete(`/api/cg-files/${empty.id}?clearOnly=true`);
    const { version } = (await owner.get<Settings>('/api/settings')).body;
    await owner.put('/api/settings', { takeMode: true, version });
    // An empty file: nothing leaves air, so nothing waits.
    expect((await owner.delete(`/api/cg-files/${empty.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/cg-files/${info.id}?clearOnly=true`)).status).toBe(409);
    const cleared = await owner.delete<{ staged: boolean; next: CgNext }>(
      `/api/cg-files/${info.id}?clearOnly=true&stage=true`,
    );
    expect(cleared.body.next.changes).toEqual([{ type: 'infoline', content: '' }]);
    expect(readCg('infoline')).toBe('Roads closed');
    const refused = await owner.delete<{ message: string }>(`/api/cg-files/${info.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Deleting a file cannot wait in NEXT/);
    expect((await owner.delete(`/api/cg-files/${info.id}?bypassNext=true`)).status).toBe(200);
    expect(readCg('infoline')).toBe('');
  });
});

describe('a headline from the file centre brings its subheadline', () => {
  it('take mode off: a headline alone clears the old subheadline; one sent with it replaces it', async () => {
    const { owner, readCg } = await station(false);
    await owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Old story',
      subheadline: 'Old line',
    });
    await owner.post('/api/cg-files', { type: 'headline', content: 'New story' });
    expect([readCg('headline'), readCg('subheadline')]).toEqual(['New story', '']);
    await owner.post('/api/cg-files', { type: 'headline', content: 'Newer story', subheadline: 'Its own line' });
    expect([readCg('headline'), readCg('subheadline')]).toEqual(['Newer story', 'Its own line']);
  });

  it('take mode on: the pair is staged together', async () => {
    const { owner } = await station(true);
    await owner.post('/api/cg-files', { type: 'headline', content: 'Staged story', stage: true });
    expect((await next(owner)).changes).toEqual([
      { type: 'headline', content: 'Staged story' },
      { type: 'subheadline', content: '' },
    ]);
  });
});
