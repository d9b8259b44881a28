import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/contracts/settings';
import { createStation } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Err = { message: string };

/**
 * Issue 22 point 4: a folder named another way (symlink, /proc/self/root/…) is the same folder.
 * Three stations: B is on air, C tries to take B's folder under an alias.
 */
describe('a CG folder named through an alias', () => {
  it("refuses another station's folder reached through a symlink or /proc/self/root; B's files stay", async () => {
    await createStation(server); // A: a third station on the same server
    const b = await createStation(server);
    const c = await createStation(server);
    await b.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'B on air' });
    const link = path.join(server.baseDir, `link-to-b-${c.companyId}`);
    fs.symlinkSync(b.folder, link);
    const parentLink = path.join(server.baseDir, `link-to-base-${c.companyId}`);
    fs.symlinkSync(server.baseDir, parentLink);
    const aliases = [
      link,
      path.join(link, 'inside'),
      path.join(parentLink, path.basename(b.folder)),
      path.join('/proc/self/root', b.folder),
      path.join('/proc/self/root', path.dirname(b.folder)),
    ];
    for (const cgOutputPath of aliases) {
      const res = await c.owner.put<Err>('/api/settings', { cgOutputPath });
      expect(res.status, `${cgOutputPath}: ${JSON.stringify(res.body)}`).toBeOneOf([400, 409]);
      expect(res.body.message).toMatch(/another company's CG folder|already used by another company/);
    }
    expect((await c.owner.get<Settings>('/api/settings')).body.cgOutputFolder).toBe(c.folder);
    expect(b.readCg('headline')).toBe('B on air');
    expect((await b.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'B still on air' })).status).toBe(200);
    expect(b.readCg('headline')).toBe('B still on air');
  });

  it('refuses the data folder reached through /proc/self/root or a symlink', async () => {
    const c = await createStation(server);
    const link = path.join(server.baseDir, `link-to-data-${c.companyId}`);
    fs.symlinkSync(server.dataDir, link);
    for (const cgOutputPath of [path.join('/proc/self/root', server.dataDir), path.join(link, 'cg')]) {
      const res = await c.owner.put<Err>('/api/settings', { cgOutputPath });
      expect(res.status, cgOutputPath).toBe(400);
      expect(res.body.message).toContain("app's data folder");
    }
    expect(fs.readdirSync(server.dataDir).some((n) => n.endsWith('.txt'))).toBe(false);
  });

  it('two stations moving at once to one new folder, one of them through a symlink: exactly one gets it', async () => {
    const a = await createStation(server);
    const b = await createStation(server);
    await a.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'A on air' });
    await b.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'B on air' });
    const target = path.join(server.baseDir, `contested-${a.companyId}`);
    fs.mkdirSync(target);
    const link = path.join(server.baseDir, `contested-link-${a.companyId}`);
    fs.symlinkSync(target, link);
    const [ra, rb] = await Promise.all([a.owner.put('/api/settings', { cgOutputPath: target }), b.owner.put('/api/settings', { cgOutputPath: link })]);
    expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
    expect([ra.status, rb.status].find((s) => s !== 200)).toBeOneOf([400, 409]);
    const winner = ra.status === 200 ? 'A on air' : 'B on air';
    expect(fs.readFileSync(path.join(target, 'headline.txt'), 'utf8')).toBe(winner);
    // The loser still writes its own folder.
    const loser = ra.status === 200 ? b : a;
    expect((await loser.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'loser' })).status).toBe(200);
    expect(loser.readCg('headline')).toBe('loser');
    expect(fs.readFileSync(path.join(target, 'headline.txt'), 'utf8')).toBe(winner);
  });
});
