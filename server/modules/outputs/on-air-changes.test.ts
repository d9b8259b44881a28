import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import type { OnAirChange, OutputResult } from './on-air-changes';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('on-air changes (the seam the outputs and the as-run log listen on)', () => {
  it('emits one change per CG write, in order, after the file is on disk, and reports the file output', async () => {
    const changes: OnAirChange[] = [];
    const results: OutputResult[] = [];
    const seen: string[] = [];
    const cg = t.services.cgFiles;
    const api = await loginDevOwner(t);
    // Read before: the listener runs synchronously at the emit and reads the file there.
    const folder = await cg.folderOf(api.user.companyId);
    const off1 = cg.changes.onChange((c) => {
      changes.push(c);
      seen.push(fs.readFileSync(`${folder}/headline.txt`, 'utf8'));
    });
    const off2 = cg.changes.onResult((r) => results.push(r));
    for (const text of ['One', 'Two'])
      expect((await api.post('/api/cg-files/update-direct', { type: 'headline', content: text })).status).toBe(200);
    off1();
    off2();
    expect(changes.map((c) => c.changed)).toEqual([{ headline: 'One' }, { headline: 'Two' }]);
    expect(changes[1]!.seq).toBe(changes[0]!.seq + 1);
    expect(changes[0]).toMatchObject({ source: 'web', action: 'cg_file_updated', userId: api.user.id });
    expect(changes.every((c) => c.companyId === api.user.companyId)).toBe(true);
    expect(changes[1]!.snapshot.headline).toBe('Two');
    expect(seen).toEqual(['One', 'Two']);
    expect(results.map((r) => [r.output, r.result, r.change.seq])).toEqual(changes.map((c) => ['files', 'ok', c.seq]));
  });

  it('a listener that throws never fails the on-air write', async () => {
    const cg = t.services.cgFiles;
    const off = cg.changes.onChange(() => {
      throw new Error('listener broke');
    });
    const api = await loginDevOwner(t);
    const res = await api.post('/api/cg-files/update-direct', { type: 'headline', content: 'Still on air' });
    off();
    expect(res.status).toBe(200);
    expect(fs.readFileSync(`${await cg.folderOf(api.user.companyId)}/headline.txt`, 'utf8')).toBe('Still on air');
  });
});
