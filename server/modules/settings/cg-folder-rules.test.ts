import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings, UpdateSettingsResponse } from '../../../shared/contracts/settings';
import { REPO_ROOT } from '../../config';
import { createStation } from '../../test/factories';
import { storeSql } from '../../test/store-sql';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Err = { message: string; foreignFiles?: string[]; foreignFileCount?: number };
const marker = `cg-rules-${process.pid}`;

/** Issue 22 points 5 and 8: which folders may hold a station's on-air files. */
describe('folders that can never be a CG folder', () => {
  it('refuses system folders, the app’s own folders and the data folder, writing nothing there', async () => {
    const { owner, folder } = await createStation(server);
    const refused = [
      '/',
      '/etc',
      `/etc/${marker}`,
      `/usr/local/${marker}`,
      `/bin/${marker}`,
      `/dev/${marker}`,
      `/sys/${marker}`,
      REPO_ROOT,
      path.dirname(REPO_ROOT),
      path.join(REPO_ROOT, 'out', 'renderer', marker),
      path.join(REPO_ROOT, 'server', marker),
    ];
    for (const cgOutputPath of refused) {
      const res = await owner.put<Err>('/api/settings', { cgOutputPath });
      expect(res.status, `${cgOutputPath}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message).toMatch(/system folder|app's own folders|app's data folder/);
    }
    for (const p of refused) expect(fs.existsSync(p) && p.includes(marker), p).toBe(false);
    expect((await owner.get<Settings>('/api/settings')).body.cgOutputFolder).toBe(folder);
  });

  it('a CG path under /proc answers 400 within seconds, never hangs (point 8)', { timeout: 10_000 }, async () => {
    const { owner } = await createStation(server);
    for (const cgOutputPath of ['/proc/self/cg', `/proc/1/${marker}`, `/proc/sys/${marker}`]) {
      const started = Date.now();
      const res = await owner.put<Err>('/api/settings', { cgOutputPath });
      expect(res.status, cgOutputPath).toBe(400);
      expect(res.body.message).toContain('system folder');
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });
});

describe('a folder that already holds files we did not write', () => {
  it('answers 409 with the files until confirmed; moving away later leaves the foreign files', async () => {
    const { owner, companyId } = await createStation(server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Our headline' });
    const other = path.join(server.baseDir, `other-app-${companyId}`);
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'timer.txt'), 'their timer');
    fs.writeFileSync(path.join(other, 'notes.doc'), 'their notes');

    const refused = await owner.put<Err>('/api/settings', { cgOutputPath: other });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('2 files that CG Bridge did not write');
    expect(refused.body.foreignFiles?.sort()).toEqual(['notes.doc', 'timer.txt']);
    expect(refused.body.foreignFileCount).toBe(2);
    expect(fs.existsSync(path.join(other, 'headline.txt'))).toBe(false);

    const confirmed = await owner.put<UpdateSettingsResponse>('/api/settings', {
      cgOutputPath: other,
      confirmNonEmptyFolder: true,
    });
    expect(confirmed.status).toBe(200);
    expect(fs.readFileSync(path.join(other, 'headline.txt'), 'utf8')).toBe('Our headline');
    expect(fs.readFileSync(path.join(other, 'timer.txt'), 'utf8')).toBe('their timer');

    // Moving on deletes only what we wrote there.
    expect((await owner.put('/api/settings', { cgOutputPath: `./next-${companyId}` })).status).toBe(200);
    expect(fs.readdirSync(other).sort()).toEqual(['notes.doc', 'timer.txt']);
    expect(fs.readFileSync(path.join(other, 'timer.txt'), 'utf8')).toBe('their timer');
  });

  it('an empty folder, or one holding only our own files, needs no confirmation', async () => {
    const { owner, companyId, folder } = await createStation(server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'x' });
    const empty = path.join(server.baseDir, `empty-${companyId}`);
    fs.mkdirSync(empty);
    expect((await owner.put('/api/settings', { cgOutputPath: empty })).status).toBe(200);
    expect((await owner.put('/api/settings', { cgOutputPath: empty })).status).toBe(200); // our own folder
    expect((await owner.put('/api/settings', { cgOutputPath: folder })).status).toBe(200);
  });
});

describe('the web UI folder', () => {
  it('never serves a CG folder: one inside the web root is refused, and a stored one is not served', async () => {
    const webDir = path.join(server.baseDir, `web-${process.pid}`);
    fs.mkdirSync(webDir);
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>CG Bridge</title>');
    const web = await startTestServer({ webDir });
    try {
      const { owner, companyId } = await createStation(web);
      const res = await owner.put<Err>('/api/settings', { cgOutputPath: path.join(webDir, 'cg') });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("app's own folders");
      // A path stored before this check existed: the server still writes there, but never serves it.
      await storeSql(web, 'update companies set cg_output_path = ? where id = ?', [path.join(webDir, 'cg'), companyId]);
      await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Secret rundown' });
      expect(fs.readFileSync(path.join(webDir, 'cg', 'headline.txt'), 'utf8')).toBe('Secret rundown');
      const served = await fetch(`${web.url}/cg/headline.txt`);
      expect(await served.text()).not.toContain('Secret rundown');
      expect(await (await fetch(`${web.url}/cg/cg.json`)).text()).not.toContain('Secret rundown');
    } finally {
      await web.close();
    }
  });
});
