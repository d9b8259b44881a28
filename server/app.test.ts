import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pkg from '../package.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './test/api-client';
import { loginDevOwner } from './test/factories';
import { onPostgres, startTestServer, type TestServer } from './test/test-server';
import { storeSql } from './test/store-sql';
import { DB_FILE } from './db/store-file';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('HTTP contract', () => {
  it('GET /api/health answers ok with the version', async () => {
    const res = await new ApiClient(server.url).get('/api/health');
    expect(res.status).toBe(200);
    // bootId names this start of the server (issue 41: pages reload after a restore).
    expect(res.body).toEqual({ status: 'ok', version: pkg.version, bootId: server.services.backups.bootId });
  });

  it('an unknown /api path is a 404 JSON', async () => {
    const res = await new ApiClient(server.url).get('/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.body).toMatchObject({ message: 'No API route GET /api/no/such/thing' });
  });

  it('hostile input always gets a 4xx JSON with a message, never a 5xx or a stack', async () => {
    const dev = await loginDevOwner(server);
    const raw = (body: string, type = 'application/json') =>
      dev.request('POST', '/api/users', body, { 'content-type': type });
    const attempts = [
      raw('{"username": "a",'),
      raw('[]'),
      raw('null'),
      raw('"string"'),
      raw(JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'p', fullName: 'f' })),
      raw(JSON.stringify({ username: 'nul\u0000user', password: 'password-1', fullName: 'f' })),
      raw(JSON.stringify({ username: 123, password: ['a'], fullName: { a: 1 } })),
      raw('username=a&password=b', 'application/x-www-form-urlencoded'),
      dev.put('/api/users/abc', { fullName: 'x' }),
      dev.put('/api/users/-1', { fullName: 'x' }),
      dev.delete('/api/users/99999999999999999999'),
      dev.get('/api/users/1%00'),
      dev.get('/api/companies?scope=everything'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(typeof (res.body as { message?: unknown }).message).toBe('string');
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(ts|js):\d+/);
    }
    expect((await dev.get('/api/health')).status).toBe(200);
  });

  it('a body over the limit is 413', async () => {
    const dev = await loginDevOwner(server);
    const res = await dev.request('POST', '/api/users', JSON.stringify({ fullName: 'x'.repeat(400 * 1024) }));
    expect(res).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
  });

  it('sends hardening headers but no HSTS and no upgrade-insecure-requests (plain-HTTP LAN)', async () => {
    const res = await new ApiClient(server.url).get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('content-security-policy')).not.toMatch(/upgrade-insecure-requests/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});

describe('SQLite store', () => {
  it('runs in WAL mode with synchronous FULL and foreign keys, migrations applied', async () => {
    // The SQLite file and its journal mode are SQLite's alone; on PostgreSQL the store is a database.
    if (!onPostgres()) {
      const file = path.join(server.dataDir, DB_FILE);
      expect(fs.existsSync(file)).toBe(true);
      const db = new Database(file, { readonly: true });
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
    } else {
      // PostgreSQL's counterpart of synchronous FULL: a commit is acknowledged once on disk.
      const [setting] = await storeSql<{ synchronous_commit: string }>(server, 'show synchronous_commit');
      expect(setting?.synchronous_commit).toBe('on');
    }
    const tables = await storeSql<{ name: string }>(
      server,
      onPostgres()
        ? "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'"
        : "select name from sqlite_master where type='table'",
    );
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['companies', 'users', 'sessions']));
  });

  it('stores only the hash of session tokens', async () => {
    const dev = await loginDevOwner(server);
    const rows = await storeSql<{ token_hash: string }>(server, 'select token_hash from sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === dev.token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('web UI files', () => {
  it('a missing /assets/ file is a 404, not index.html (a wrong asset path must fail loudly, never render blank)', async () => {
    const webDir = path.join(server.baseDir, `web-assets-${process.pid}`);
    fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>CG Bridge</title>');
    fs.writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), 'console.log(1)');
    const web = await startTestServer({ webDir });
    try {
      const found = await fetch(`${web.url}/assets/index-abc.js`);
      expect([found.status, found.headers.get('content-type')]).toEqual([200, expect.stringContaining('javascript')]);
      const nested = await fetch(`${web.url}/prompter/1/assets/index-abc.js`);
      expect(nested.status).toBe(404);
      expect(await nested.text()).not.toContain('<title>CG Bridge</title>');
      expect((await fetch(`${web.url}/assets/missing.css`)).status).toBe(404);
      // Client-side routes still get the app.
      const route = await fetch(`${web.url}/prompter/1/follow`);
      expect([route.status, await route.text()]).toEqual([200, expect.stringContaining('<title>CG Bridge</title>')]);
    } finally {
      await web.close();
    }
  });
});
