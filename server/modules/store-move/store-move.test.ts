import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoveStarted, StoreLocationView } from '../../../shared/contracts/store-move';
import type { News } from '../../../shared/contracts/news';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startPgCluster, type PgCluster } from '../../test/pg-cluster';
import { freePort } from '../../test/spawn-server';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';
import { ALREADY_ON_POSTGRES } from './store-move.service';
import { STORE_LOCATION_FILE } from './store-location';
import { backAfterRestart, emptyDatabase, MOVER, requirePasswords, sql, sqliteTitles } from './store-move-test-support';

/**
 * Settings → Move to PostgreSQL (issue 42): the host station's owner moves every station from the
 * SQLite file into an empty PostgreSQL database; the server checks what it can before answering,
 * then closes, moves and starts again on the same port — on PostgreSQL, or on SQLite as it was.
 * Against a throwaway cluster of its own whose mover role signs in with a password.
 */
let cluster: PgCluster;
const dataDirs: string[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  await requirePasswords(cluster);
}, 60_000);

afterAll(async () => {
  await cluster?.stop();
  for (const dir of dataDirs) fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

/**
 * A SQLite server on a data folder this file owns (a restart from it is part of the test;
 * TestServer.dataDir names the test server's own folder, not one passed in).
 */
async function sqliteServer(): Promise<{ server: TestServer; dataDir: string }> {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-store-move-')), 'data');
  dataDirs.push(dataDir);
  return { server: await startTestServer({ dataDir }), dataDir };
}

const titles = (news: News[]) => news.map((n) => n.title);

describe('move to PostgreSQL from Settings', () => {
  it('refuses, before anything stops, whoever is not the host owner and every target it can tell is wrong', async () => {
    const { server, dataDir } = await sqliteServer();
    try {
      const dev = await loginDevOwner(server);
      const owner = await createUser(dev, server, 'owner');
      const admin = await createUser(dev, server, 'admin');
      const devAdmin = await createUser(dev, server, 'admin', { roletype: 'dev' });
      const other = await createCompany(dev, server, 'Station B');
      const target = await emptyDatabase(cluster, 'refusals');
      const body = { to: target.url, confirm: 'Station A' };

      const view = await owner.get<StoreLocationView>('/api/system/store');
      expect(view.body).toEqual({
        engine: 'sqlite',
        target: null,
        lastMove: null,
        canMove: true,
        hostStation: 'Station A',
      });
      expect((await other.owner.get<StoreLocationView>('/api/system/store')).body).toMatchObject({
        engine: 'sqlite',
        canMove: false,
        hostStation: null,
      });
      expect((await admin.get('/api/system/store')).status).toBe(403);

      for (const refused of [admin, devAdmin, other.owner])
        expect((await refused.post('/api/system/move-to-postgres', body)).status).toBe(403);

      const said = async (to: string, confirm = 'Station A') => {
        const res = await owner.post<{ message: string }>('/api/system/move-to-postgres', { to, confirm });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        return res.body.message;
      };
      expect(await said('mysql://root@127.0.0.1/cgbridge')).toMatch(/^to: must be a postgres:\/\/ connection string/);
      expect(await said(target.url, 'Station B')).toContain('"Station A"');
      const closed = await freePort();
      expect(await said(`postgres://${MOVER.user}:${MOVER.password}@127.0.0.1:${closed}/refusals`)).toMatch(
        new RegExp(
          `Cannot connect to postgres://${MOVER.user}:\\*\\*\\*@127\\.0\\.0\\.1:${closed}/refusals: nothing answers`,
        ),
      );
      const wrong = await said(target.url.replace(MOVER.password, 'wrong-secret-99'));
      expect(wrong).toContain('password authentication failed');
      expect(wrong).not.toContain('wrong-secret-99');
      expect(await said(target.url.replace('/refusals', '/missing'))).toContain('database "missing" does not exist');
      await sql(target.admin, 'CREATE TABLE leftovers (id int); INSERT INTO leftovers VALUES (1)');
      await sql(target.admin, 'ALTER TABLE leftovers OWNER TO mover');
      expect(await said(target.url)).toContain('already holds data (public.leftovers)');

      // Nothing stopped or changed: the same start serves, writes land in SQLite, no move recorded.
      expect((await createNews(owner, { title: 'Still on SQLite' })).title).toBe('Still on SQLite');
      expect(sqliteTitles(dataDir)).toContain('Still on SQLite');
      expect(fs.existsSync(path.join(dataDir, STORE_LOCATION_FILE))).toBe(false);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('moves: every page is told, the server comes back on PostgreSQL on the same port, and stays there after a restart', async () => {
    const { server, dataDir } = await sqliteServer();
    const target = await emptyDatabase(cluster, 'moved');
    try {
      const dev = await loginDevOwner(server);
      const owner = await createUser(dev, server, 'owner');
      await createNews(owner, { title: 'Written before the move' });
      const watcher = await TestSocket.authed(server.url, owner.token ?? '');
      const hello = watcher.messages.find((m) => m.type === 'auth_ok')?.data as { bootId: string };

      const started = await owner.post<MoveStarted>('/api/system/move-to-postgres', {
        to: target.url,
        confirm: 'Station A',
      });
      expect(started.status).toBe(202);
      const masked = `postgres://${MOVER.user}:***@127.0.0.1:${cluster.port}/moved`;
      expect(started.body).toEqual({ moving: true, target: masked });
      expect((await watcher.waitFor('server_moving_store', 10_000)).data).toEqual({ to: masked });
      expect(await watcher.waitClosed(20_000)).toBe(1012);
      await backAfterRestart(server.url, hello.bootId);

      // The same session (sessions moved with everything else) reads what was written before.
      expect(titles((await owner.get<News[]>('/api/news')).body)).toContain('Written before the move');
      const view = (await owner.get<StoreLocationView>('/api/system/store')).body;
      expect(view).toMatchObject({ engine: 'postgres', target: masked, canMove: false, hostStation: null });
      expect(view.lastMove).toMatchObject({ ok: true });
      expect(view.lastMove?.message).toMatch(/^Moved \d+ rows in \d+ tables to postgres:\/\/mover:\*\*\*@/);
      expect(JSON.stringify(view)).not.toContain(MOVER.password);
      const log = await owner.get<Array<{ action: string; details: string }>>('/api/activity-logs?limit=50');
      expect(log.body.find((l) => l.action === 'store_move_started')?.details).toBe(
        `Moving every station to PostgreSQL (${masked})`,
      );

      // A new write lands in PostgreSQL; the SQLite file stays as it was.
      await createNews(owner, { title: 'Written after the move' });
      const rows = await sql<{ title: string }>(target.admin, 'SELECT title FROM news ORDER BY id');
      expect(rows.map((r) => r.title)).toEqual(['Written before the move', 'Written after the move']);
      expect(sqliteTitles(dataDir)).toEqual(['Written before the move']);

      const file = path.join(dataDir, STORE_LOCATION_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const refused = await owner.post<{ message: string }>('/api/system/move-to-postgres', {
        to: target.url,
        confirm: 'Station A',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(ALREADY_ON_POSTGRES);
    } finally {
      await server.close();
    }

    // A start from the same data folder, with no DATABASE_URL, opens PostgreSQL again.
    const again = await startTestServer({ dataDir });
    try {
      const owner = await loginDevOwner(again);
      expect((await owner.get<StoreLocationView>('/api/system/store')).body.engine).toBe('postgres');
      expect(titles((await owner.get<News[]>('/api/news')).body)).toEqual(
        expect.arrayContaining(['Written before the move', 'Written after the move']),
      );
    } finally {
      await again.close();
    }
  }, 120_000);

  it('a move that fails after the answer starts the server again on SQLite, unchanged, and Settings says why', async () => {
    const { server, dataDir } = await sqliteServer();
    // Empty, so the checks pass; but a table of the store's own name stops the move's migration.
    const target = await emptyDatabase(cluster, 'clashing');
    await sql(target.admin, 'CREATE TABLE news (id int); ALTER TABLE news OWNER TO mover');
    try {
      const dev = await loginDevOwner(server);
      const owner = await createUser(dev, server, 'owner');
      await createNews(owner, { title: 'Kept on SQLite' });
      const before = (await (await fetch(`${server.url}/api/health`)).json()) as { bootId: string };
      const started = await owner.post('/api/system/move-to-postgres', { to: target.url, confirm: 'Station A' });
      expect(started.status).toBe(202);
      await backAfterRestart(server.url, before.bootId);

      const view = (await owner.get<StoreLocationView>('/api/system/store')).body;
      expect(view).toMatchObject({ engine: 'sqlite', target: null, canMove: true });
      expect(view.lastMove?.ok).toBe(false);
      expect(view.lastMove?.message).toContain('runs on SQLite as before');
      expect(view.lastMove?.message).toContain('"news" already exists');
      expect(view.lastMove?.message).not.toContain(MOVER.password);
      await createNews(owner, { title: 'Written after the failed move' });
      expect(sqliteTitles(dataDir)).toEqual(['Kept on SQLite', 'Written after the failed move']);
      expect(await sql(target.admin, 'SELECT * FROM news')).toEqual([]);
    } finally {
      await server.close();
    }
  }, 120_000);
});
