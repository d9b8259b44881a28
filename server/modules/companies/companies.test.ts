import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company } from '../../../shared/contracts/companies';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('companies API', () => {
  it('first run created one company with a dev owner', () => {
    expect(server.firstRun).toMatchObject({
      company: { name: 'Station A' },
      owner: { role: 'owner', roletype: 'dev' },
    });
  });

  it('GET returns the caller’s own company with CompanyName', async () => {
    const dev = await loginDevOwner(server);
    expect((await dev.get<Company>('/api/companies')).body).toMatchObject({
      id: 1,
      name: 'Station A',
      CompanyName: 'Station A',
    });
  });

  it('only a dev creates companies; the new owner sees only their own', async () => {
    const dev = await loginDevOwner(server);
    const admin = await createUser(dev, server, 'admin');
    const refused = await admin.post('/api/companies', {
      name: 'X',
      ownerUsername: 'xowner',
      ownerPassword: 'password-1',
      ownerFullName: 'X',
    });
    expect(refused.status).toBe(403);
    const { owner, companyId } = await createCompany(dev, server, 'Station B');
    expect((await owner.get<Company>('/api/companies')).body).toMatchObject({
      id: companyId,
      CompanyName: 'Station B',
    });
    expect((await owner.get('/api/companies?scope=all')).status).toBe(403);
    const all = await dev.get<Company[]>('/api/companies?scope=all');
    expect(all.body.map((c) => c.name)).toEqual(expect.arrayContaining(['Station A', 'Station B']));
  });

  it('rejects a company whose owner username is taken, creating nothing', async () => {
    const dev = await loginDevOwner(server);
    const before = (await dev.get<Company[]>('/api/companies?scope=all')).body.length;
    const res = await dev.post('/api/companies', {
      name: 'Dup',
      ownerUsername: 'devowner',
      ownerPassword: 'password-1',
      ownerFullName: 'D',
    });
    expect(res.status).toBe(409);
    expect((await dev.get<Company[]>('/api/companies?scope=all')).body.length).toBe(before);
  });
});
