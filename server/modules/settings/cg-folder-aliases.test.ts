import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../shared/contracts/auth';
import type { Settings } from '../../../shared/contracts/settings';
import { ApiClient } from '../../test/api-client';
import { createStation } from '../../test/factories';
import { spawnServer } from '../../test/spawn-server';
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
    expect(
      (await b.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'B still on air' })).status,
    ).toBe(200);
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
    const [ra, rb] = await Promise.all([
      a.owner.put('/api/settings', { cgOutputPath: target }),
      b.owner.put('/api/settings', { cgOutputPath: link }),
    ]);
    expect([ra.status, rb.status].filter((s) => s === 200)).toHaveLength(1);
    expect([ra.status, rb.status].find((s) => s !== 200)).toBeOneOf([400, 409]);
    const winner = ra.status === 200 ? 'A on air' : 'B on air';
    expect(fs.readFileSync(path.join(target, 'headline.txt'), 'utf8')).toBe(winner);
    // The loser still writes its own folder.
    const loser = ra.status === 200 ? b : a;
    expect((await loser.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'loser' })).status).toBe(
      200,
    );
    expect(loser.readCg('headline')).toBe('loser');
    expect(fs.readFileSync(path.join(target, 'headline.txt'), 'utf8')).toBe(winner);
  });
});

describe('the issue’s own alias: /proc/self/cwd of the server process', () => {
  it("refuses /proc/self/cwd/<B's folder> on a real server whose working directory holds the folders", async () => {
    const proc = await spawnServer(undefined, { OWNER_ROLETYPE: 'dev' });
    try {
      const dev = new ApiClient(proc.url);
      dev.token = (
        await dev.post<LoginResponse>('/api/auth/login', { username: 'owner', password: 'owner-password' })
      ).body.token;
      const station = async (name: string) => {
        const body = { name, ownerUsername: `${name}-owner`, ownerPassword: 'station-password', ownerFullName: name };
        const created = await dev.post<{ company: { id: number } }>('/api/companies', body);
        expect(created.status).toBe(201);
        const client = new ApiClient(proc.url);
        client.token = (
          await client.post<LoginResponse>('/api/auth/login', {
            username: body.ownerUsername,
            password: body.ownerPassword,
          })
        ).body.token;
        return { id: created.body.company.id, client };
      };
      const b = await station('b');
      const c = await station('c');
      await b.client.post('/api/cg-files/update-direct', { type: 'headline', content: 'B on air' });
      const bFolder = (await b.client.get<Settings>('/api/settings')).body.cgOutputFolder;
      const res = await c.client.put<Err>('/api/settings', {
        cgOutputPath: `/proc/self/cwd/${path.basename(bFolder)}`,
      });
      expect(res.status).toBeOneOf([400, 409]);
      expect(res.body.message).toContain('already used by another company');
      expect(fs.readFileSync(path.join(bFolder, 'headline.txt'), 'utf8')).toBe('B on air');
      expect(
        (await b.client.post('/api/cg-files/update-direct', { type: 'headline', content: 'B again' })).status,
      ).toBe(200);
    } finally {
      await proc.kill();
      fs.rmSync(proc.baseDir, { recursive: true, force: true });
    }
  });
});
