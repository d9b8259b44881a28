import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../config';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createApprovedNews } from '../../test/news-factory';
import { createEquipment } from '../../test/equipment-factory';
import { pgQuery, startPgCluster, type PgCluster } from '../../test/pg-cluster';
import { spawnServer } from '../../test/spawn-server';
import { startTestServer } from '../../test/test-server';
import { DB_FILE } from '../store-file';
import { moveToPostgres, MoveRefused } from './move-to-postgres';
import { storeTables } from './store-tables';

/**
 * Moving a station from SQLite to PostgreSQL (issue 42, `npm run db:move`): a store written by the
 * real server through its API (two stations, Dhivehi stories with revisions, a user edited by
 * another, equipment, JSON settings) is copied into a throwaway PostgreSQL cluster and checked
 * table by table; the SQLite file is never changed; a database with rows is refused.
 */
const migrationsDir = path.join(REPO_ROOT, 'server', 'db', 'migrations');
let cluster: PgCluster;
let dataDir: string;

beforeAll(async () => {
  cluster = await startPgCluster();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-move-'));
  const server = await startTestServer({ dataDir });
  try {
    const dev = await loginDevOwner(server);
    await createApprovedNews(dev, { title: 'ރައީސް — budget vote tonight', content: 'ދިވެހި ޚަބަރު' });
    const story = await createApprovedNews(dev, { title: 'Harbour fire' });
    await dev.put(`/api/news/${story.id}`, {
      title: 'Harbour fire under control',
      content: 'Updated.',
      version: story.version,
    });
    const editor = await createUser(dev, server, 'editor');
    await dev.put(`/api/users/${editor.user.id}`, { fullName: 'Aishath Editor' });
    await createEquipment(dev);
    const saved = await dev.put('/api/settings', { timeZone: 'Indian/Maldives', takeMode: true });
    if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${JSON.stringify(saved.body)}`);
    const other = await createCompany(dev, server, 'Station B');
    await createApprovedNews(other.owner, { title: 'Station B lead' });
  } finally {
    await server.close();
  }
}, 60_000);

afterAll(async () => {
  await cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const fileSha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('npm run db:move', () => {
  test('every table arrives with its rows, ids, booleans, JSON and Thaana text; the SQLite file is untouched', async () => {
    const url = await cluster.createDatabase('moved');
    const store = path.join(dataDir, DB_FILE);
    const before = fileSha(store);
    const lines: string[] = [];
    const { tables } = await moveToPostgres({ dataDir, migrationsDir, to: url, say: (l) => lines.push(l) });
    expect(fileSha(store)).toBe(before);
    expect(tables.map((t) => t.name).sort()).toEqual(
      storeTables()
        .map((t) => t.name)
        .sort(),
    );
    expect(lines.at(-1)).toContain(`verified: ${storeTables().length} tables`);

    const news = await pgQuery<{ id: number; title: string; is_deleted: boolean; company_id: number }>(
      url,
      'SELECT id, title, is_deleted, company_id FROM news ORDER BY id',
    );
    expect(news.map((n) => n.title)).toEqual([
      'ރައީސް — budget vote tonight',
      'Harbour fire under control',
      'Station B lead',
    ]);
    expect(news.every((n) => n.is_deleted === false)).toBe(true);
    expect(new Set(news.map((n) => n.company_id)).size).toBe(2);
    expect(tables.find((t) => t.name === 'news_revisions')?.rows).toBeGreaterThanOrEqual(2);
    const [editor] = await pgQuery<{ full_name: string; updated_by: number | null }>(
      url,
      "SELECT full_name, updated_by FROM users WHERE full_name = 'Aishath Editor'",
    );
    expect(editor?.updated_by).toBe(1);
    // JSON columns keep what SQLite held, key for key.
    const sqlite = new Database(store, { readonly: true });
    const held = sqlite
      .prepare('SELECT telegram_groups FROM company_settings WHERE company_id = 1')
      .pluck()
      .get() as string;
    expect(sqlite.prepare('SELECT time_zone FROM company_settings WHERE company_id = 1').pluck().get()).toBe(
      'Indian/Maldives',
    );
    sqlite.close();
    const [settings] = await pgQuery<{ telegram_groups: unknown }>(
      url,
      'SELECT telegram_groups FROM company_settings WHERE company_id = 1',
    );
    expect(typeof JSON.parse(held)).toBe('object');
    expect(settings?.telegram_groups).toEqual(JSON.parse(held));

    // New rows continue after the moved ids (each identity sequence was set past them).
    const [next] = await pgQuery<{ id: number }>(
      url,
      "INSERT INTO news (company_id, title, content) VALUES (1, 'After the move', 'x') RETURNING id",
    );
    expect(next?.id).toBe(Math.max(...news.map((n) => n.id)) + 1);
    const [when] = await pgQuery<{ created_at: string }>(url, `SELECT created_at FROM news WHERE id = ${next?.id}`);
    expect(when?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  }, 60_000);

  test('a database that already holds rows is refused and left as it was', async () => {
    const url = await cluster.createDatabase('taken');
    await pgQuery(url, 'CREATE TABLE rundown (id int); INSERT INTO rundown VALUES (7)');
    await expect(moveToPostgres({ dataDir, migrationsDir, to: url })).rejects.toThrow(MoveRefused);
    await expect(moveToPostgres({ dataDir, migrationsDir, to: url })).rejects.toThrow(
      /already holds data \(public\.rundown\)/,
    );
    const tables = await pgQuery<{ n: string }>(
      url,
      "SELECT count(*)::text AS n FROM pg_tables WHERE schemaname = 'public'",
    );
    expect(tables[0]?.n).toBe('1');
  }, 60_000);

  test('a second move into the moved database is refused (it holds the station now)', async () => {
    const url = await cluster.createDatabase('twice');
    await moveToPostgres({ dataDir, migrationsDir, to: url });
    await expect(moveToPostgres({ dataDir, migrationsDir, to: url })).rejects.toThrow(/already holds data/);
  }, 60_000);

  test('a running server’s store is not moved (its writes would be left behind)', async () => {
    const server = await spawnServer();
    try {
      const url = await cluster.createDatabase('running');
      const running = path.join(server.baseDir, 'data');
      await expect(moveToPostgres({ dataDir: running, migrationsDir, to: url })).rejects.toThrow(
        /CG Bridge is running .* then move the station/,
      );
    } finally {
      await server.kill('SIGTERM');
      fs.rmSync(server.baseDir, { recursive: true, force: true });
    }
  }, 60_000);
});
