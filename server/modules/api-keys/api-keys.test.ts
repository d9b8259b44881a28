import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../db/client';
import type { ApiKey, CreatedApiKey } from '../../../shared/contracts/api-keys';
import { ApiClient } from '../../test/api-client';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { storeSql } from '../../test/store-sql';
import { onPostgres, startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** PostgreSQL: the WAL segment file being written now (names sort in write order on one timeline). */
async function walSegment(): Promise<string> {
  const [row] = await storeSql<{ name: string }>(server, 'SELECT pg_walfile_name(pg_current_wal_lsn()) AS name');
  return row!.name;
}

interface SyncBody {
  companyId: number;
  files: Record<string, string>;
}

describe('API keys and GET /api/cg-files/sync', () => {
  it('shows a new key once, lists only its prefix, and never stores it in clear', async () => {
    const dev = await loginDevOwner(server);
    const created = await dev.post<CreatedApiKey>('/api/company/api-keys', {
      name: 'vMix PC',
      permissions: ['cg_files'],
    });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^cgb_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({ name: 'vMix PC', permissions: ['cg_files'], isActive: true, lastUsed: null });
    const list = (await dev.get<ApiKey[]>('/api/company/api-keys')).body;
    expect(JSON.stringify(list)).not.toContain(created.body.key);
    expect(list.find((k) => k.id === created.body.id)?.keyPrefix).toBe(created.body.key.slice(0, 12));
  });

  it('keeps only a hash: no table, WAL or DB file holds the key', async () => {
    const dev = await loginDevOwner(server);
    const walBefore = onPostgres() ? await walSegment() : null;
    const { key } = (
      await dev.post<CreatedApiKey>('/api/company/api-keys', { name: 'hash check', permissions: ['cg_files'] })
    ).body;
    const dump = JSON.stringify(await storeSql(server, 'SELECT * FROM api_keys'));
    expect(dump).toContain(createHash('sha256').update(key).digest('hex'));
    expect(dump).not.toContain(key.slice(12));
    if (walBefore === null) {
      const files = fs.readdirSync(server.dataDir, { withFileTypes: true }).filter((e) => e.isFile());
      expect(files.map((f) => f.name)).toContain(DB_FILE);
      for (const file of files)
        expect(fs.readFileSync(path.join(server.dataDir, file.name)).includes(key.slice(12))).toBe(false);
      return;
    }
    // PostgreSQL's equivalent: every table of the station's database, its files once checkpointed,
    // and the WAL segments written since before the key was made.
    const tables = await storeSql<{ name: string }>(
      server,
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables.map((t) => t.name)).toContain('api_keys');
    for (const { name } of tables) {
      const rows = await storeSql<{ row: string }>(server, `SELECT t::text AS row FROM "${name}" t`);
      expect(
        rows.some((r) => r.row.includes(key.slice(12))),
        name,
      ).toBe(false);
    }
    await storeSql(server, 'CHECKPOINT');
    const [{ dataDir, dbOid }] = (await storeSql<{ dataDir: string; dbOid: number }>(
      server,
      `SELECT current_setting('data_directory') AS "dataDir", oid::int AS "dbOid"
         FROM pg_database WHERE datname = current_database()`,
    )) as [{ dataDir: string; dbOid: number }];
    const dbDir = path.join(dataDir, 'base', String(dbOid));
    const dbFiles = fs.readdirSync(dbDir, { withFileTypes: true }).filter((e) => e.isFile());
    expect(dbFiles.length).toBeGreaterThan(0);
    for (const file of dbFiles)
      expect(fs.readFileSync(path.join(dbDir, file.name)).includes(key.slice(12)), file.name).toBe(false);
    const walAfter = await walSegment();
    const segments = fs.readdirSync(path.join(dataDir, 'pg_wal')).filter((n) => n >= walBefore && n <= walAfter);
    expect(segments).toContain(walAfter);
    for (const segment of segments)
      expect(fs.readFileSync(path.join(dataDir, 'pg_wal', segment)).includes(key.slice(12)), segment).toBe(false);
  });

  it('records lastUsed to the minute, not on every poll', async () => {
    const dev = await loginDevOwner(server);
    const created = (
      await dev.post<CreatedApiKey>('/api/company/api-keys', { name: 'poller', permissions: ['cg_files'] })
    ).body;
    const lastUsed = async () =>
      (await dev.get<ApiKey[]>('/api/company/api-keys')).body.find((k) => k.id === created.id)?.lastUsed;
    const anon = new ApiClient(server.url);
    await anon.get(`/api/cg-files/sync?apiKey=${created.key}`);
    const first = await lastUsed();
    expect(first).toEqual(expect.any(String));
    server.clock.advance(30_000);
    await anon.get(`/api/cg-files/sync?apiKey=${created.key}`);
    expect(await lastUsed()).toBe(first);
    server.clock.advance(31_000);
    await anon.get(`/api/cg-files/sync?apiKey=${created.key}`);
    expect(Date.parse((await lastUsed())!) - Date.parse(first!)).toBeGreaterThanOrEqual(61_000);
  });

  it('tells the company’s screens when lastUsed changes, at most once a minute per key (issue 22)', async () => {
    const dev = await loginDevOwner(server);
    const { owner: other } = await createCompany(dev, server);
    const created = (
      await dev.post<CreatedApiKey>('/api/company/api-keys', { name: 'live poller', permissions: ['cg_files'] })
    ).body;
    const mine = await TestSocket.authed(server.url, dev.token!, dev.user.id);
    const theirs = await TestSocket.authed(server.url, other.token!, other.user.id);
    const anon = new ApiClient(server.url);
    const used = () => mine.messages.filter((m) => m.type === 'api_key_used');
    try {
      await anon.get(`/api/cg-files/sync?apiKey=${created.key}`);
      const first = await mine.waitFor('api_key_used');
      const stored = (await dev.get<ApiKey[]>('/api/company/api-keys')).body.find((k) => k.id === created.id)?.lastUsed;
      expect(first.data).toEqual({ id: created.id, lastUsed: stored });
      // Ten more polls within the minute: no write, no event.
      for (let i = 0; i < 10; i++) await anon.get(`/api/cg-files/sync?apiKey=${created.key}`);
      server.clock.advance(61_000);
      await anon.get(`/api/cg-files/sync?apiKey=${created.key}`);
      // Messages arrive in order: an event from the ten polls would be here before this one.
      await mine.until(() => used().length >= 2);
      expect(used()).toHaveLength(2);
      expect(theirs.messages.some((m) => m.type === 'api_key_used')).toBe(false);
    } finally {
      mine.socket.close();
      theirs.socket.close();
    }
  });

  it('validates with the spec’s messages', async () => {
    const dev = await loginDevOwner(server);
    const noName = await dev.post<{ message: string }>('/api/company/api-keys', { name: ' ', permissions: ['news'] });
    expect(noName.body.message).toBe('name: Please enter a name for the API key');
    const noPerm = await dev.post<{ message: string }>('/api/company/api-keys', { name: 'x', permissions: [] });
    expect(noPerm.body.message).toBe('permissions: Please select at least one permission');
    expect((await dev.post('/api/company/api-keys', { name: 'x', permissions: ['root'] })).status).toBe(400);
  });

  it('a cg_files key reads its own company’s CG texts (query or header); others are refused', async () => {
    const dev = await loginDevOwner(server);
    await dev.post('/api/cg-files/update-direct', { type: 'headline', content: 'Synced headline' });
    const cgKey = (await dev.post<CreatedApiKey>('/api/company/api-keys', { name: 'sync', permissions: ['cg_files'] }))
      .body;
    const newsKey = (await dev.post<CreatedApiKey>('/api/company/api-keys', { name: 'news', permissions: ['news'] }))
      .body;
    const anon = new ApiClient(server.url);
    const byQuery = await anon.get<SyncBody>(`/api/cg-files/sync?apiKey=${cgKey.key}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toMatchObject({ companyId: 1, files: { headline: 'Synced headline' } });
    const byHeader = await anon.request<SyncBody>('GET', '/api/cg-files/sync', undefined, { 'x-api-key': cgKey.key });
    expect(byHeader.body.files.headline).toBe('Synced headline');
    expect((await anon.get(`/api/cg-files/sync?apiKey=${newsKey.key}`)).status).toBe(401);
    expect((await anon.get('/api/cg-files/sync?apiKey=cgb_forged')).status).toBe(401);
    expect((await anon.get('/api/cg-files/sync')).status).toBe(401);
    const used = (await dev.get<ApiKey[]>('/api/company/api-keys')).body.find((k) => k.id === cgKey.id);
    expect(used?.lastUsed).toEqual(expect.any(String));
  });

  it('a deactivated or deleted key stops working', async () => {
    const dev = await loginDevOwner(server);
    const key = (await dev.post<CreatedApiKey>('/api/company/api-keys', { name: 'temp', permissions: ['cg_files'] }))
      .body;
    const anon = new ApiClient(server.url);
    expect((await dev.patch<ApiKey>(`/api/company/api-keys/${key.id}`, { isActive: false })).body.isActive).toBe(false);
    expect((await anon.get(`/api/cg-files/sync?apiKey=${key.key}`)).status).toBe(401);
    await dev.patch(`/api/company/api-keys/${key.id}`, { isActive: true });
    expect((await anon.get(`/api/cg-files/sync?apiKey=${key.key}`)).status).toBe(200);
    expect((await dev.delete(`/api/company/api-keys/${key.id}`)).status).toBe(200);
    expect((await anon.get(`/api/cg-files/sync?apiKey=${key.key}`)).status).toBe(401);
  });

  it('is managed by owner/admin only, per company; another company’s key sees only its own texts', async () => {
    const dev = await loginDevOwner(server);
    const editor = await createUser(dev, server, 'editor');
    expect((await editor.get('/api/company/api-keys')).status).toBe(403);
    const { owner: b, companyId } = await createCompany(dev, server);
    const mine = (await dev.post<CreatedApiKey>('/api/company/api-keys', { name: 'a', permissions: ['cg_files'] }))
      .body;
    expect((await b.get<ApiKey[]>('/api/company/api-keys')).body).toEqual([]);
    expect((await b.patch(`/api/company/api-keys/${mine.id}`, { isActive: false })).status).toBe(404);
    expect((await b.delete(`/api/company/api-keys/${mine.id}`)).status).toBe(404);
    await b.post('/api/cg-files/update-direct', { type: 'headline', content: 'Station B headline' });
    const theirs = (await b.post<CreatedApiKey>('/api/company/api-keys', { name: 'b', permissions: ['cg_files'] }))
      .body;
    const synced = await new ApiClient(server.url).get<SyncBody>(`/api/cg-files/sync?apiKey=${theirs.key}`);
    expect(synced.body).toMatchObject({ companyId, files: { headline: 'Station B headline' } });
  });
});
