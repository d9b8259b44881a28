import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import type { BackupItem, BackupOverview } from '../../../shared/contracts/backups';
import type { News } from '../../../shared/contracts/news';
import { REPO_ROOT } from '../../config';
import { DB_FILE } from '../../db/client';
import { login, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { spawnServer } from '../../test/spawn-server';
import { startTestServer } from '../../test/test-server';
import { listBackups } from './backup-engine';
import { buildMigrations } from './backup-migrations';

const TSX_LOADER = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const MIGRATIONS = path.join(REPO_ROOT, 'server', 'db', 'migrations');

/** `npm run restore -- <backup> --station <name>` as a process of its own, on `dataDir`. */
function restoreCli(dataDir: string, backup: string, station: string) {
  const out = spawnSync(
    process.execPath,
    ['--import', TSX_LOADER, path.join(REPO_ROOT, 'server', 'cli-restore.ts'), backup, '--station', station],
    {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { code: out.status, text: `${out.stdout}${out.stderr}` };
}

const tempData = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-restore-')), 'data');
const titles = (news: News[]) => news.map((n) => n.title);

describe('restore from the command line', () => {
  it('backup → change → restore: the change is gone, everything before is back; refused while the server runs', async () => {
    const dataDir = tempData();
    const first = await startTestServer({ dataDir });
    let name: string;
    try {
      const dev = await loginDevOwner(first);
      await createNews(dev, { title: 'Kept story' });
      name = (await dev.post<BackupItem>('/api/backups')).body.name;
      await createNews(dev, { title: 'Story after the backup' });
      const refused = restoreCli(dataDir, name, 'Station A');
      expect(refused.code).toBe(1);
      expect(refused.text).toContain('is running');
    } finally {
      await first.close();
    }
    expect(restoreCli(dataDir, name, 'Wrong name').code).toBe(1);
    const done = restoreCli(dataDir, name, 'Station A');
    expect(done.text).toContain('Restored');
    expect(done.code).toBe(0);
    const again = await startTestServer({ dataDir });
    try {
      const dev = await loginDevOwner(again);
      const news = await dev.get<News[]>('/api/news');
      expect(titles(news.body)).toContain('Kept story');
      expect(titles(news.body)).not.toContain('Story after the backup');
      const overview = await dev.get<BackupOverview>('/api/backups');
      expect(overview.body.backups.map((b) => b.reason)).toContain('before-restore');
      const log = await dev.get<Array<{ action: string }>>('/api/activity-logs?limit=50');
      expect(log.body.map((l) => l.action)).toContain('backup_restored');
    } finally {
      await again.close();
    }
  }, 120_000);

  it('refuses a backup made by a newer version, naming it; nothing is swapped', async () => {
    const dataDir = tempData();
    const server = await startTestServer({ dataDir });
    let file: string;
    try {
      const dev = await loginDevOwner(server);
      file = path.join(dataDir, 'backups', (await dev.post<BackupItem>('/api/backups')).body.name);
    } finally {
      await server.close();
    }
    const newer = path.join(path.dirname(dataDir), 'from-a-newer-version.sqlite');
    fs.copyFileSync(file, newer);
    const db = new Database(newer);
    db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run(
      'future',
      Date.parse('2099-01-01'),
    );
    db.close();
    const before = fs.readFileSync(path.join(dataDir, DB_FILE));
    const refused = restoreCli(dataDir, newer, 'Station A');
    expect(refused.code).toBe(1);
    expect(refused.text).toContain('newer version of CG Bridge');
    expect(fs.readFileSync(path.join(dataDir, DB_FILE)).equals(before)).toBe(true);
  }, 60_000);

  it('an older backup is restored and the next start backs it up, then migrates it forward', async () => {
    const dataDir = tempData();
    // A store of the previous version: every migration but the last.
    const older = path.join(path.dirname(dataDir), 'older-migrations');
    fs.cpSync(MIGRATIONS, older, { recursive: true });
    const journalFile = path.join(older, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries.pop();
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const backup = path.join(path.dirname(dataDir), 'older.sqlite');
    const sqlite = new Database(backup);
    migrate(drizzle(sqlite), { migrationsFolder: older });
    sqlite.close();
    fs.mkdirSync(dataDir, { recursive: true });
    const done = restoreCli(dataDir, backup, '');
    expect(done.text).toContain('Restored');
    const server = await startTestServer({ dataDir });
    try {
      expect(listBackups(path.join(dataDir, 'backups')).map((b) => b.manifest.reason)).toContain('before-migrations');
      const db = new Database(path.join(dataDir, DB_FILE), { readonly: true });
      expect(db.prepare('SELECT COUNT(*) FROM __drizzle_migrations').pluck().get()).toBe(
        buildMigrations(MIGRATIONS).length,
      );
      db.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('kill -9 during a backup', () => {
  it('leaves no file that looks like a complete backup; the next start clears what it left', async () => {
    const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-kill-'));
    const dataDir = path.join(baseDir, 'data');
    fs.mkdirSync(dataDir);
    // 80 MB of filler so the backup takes long enough to be caught mid-way.
    const filler = new Database(path.join(dataDir, DB_FILE));
    filler.exec('CREATE TABLE filler (b BLOB)');
    filler.transaction(() => {
      for (let i = 0; i < 80; i += 1) filler.prepare('INSERT INTO filler VALUES (randomblob(1048576))').run();
    })();
    filler.close();
    const spawned = await spawnServer(baseDir, { BACKUP_START_DELAY_MS: '0' });
    const backups = path.join(dataDir, 'backups');
    let seen = false;
    try {
      const client = await login({ url: spawned.url } as never, 'owner', 'owner-password');
      void client.post('/api/backups').catch(() => undefined);
      const deadline = Date.now() + 20_000;
      while (!seen && Date.now() < deadline) {
        seen = fs.existsSync(backups) && fs.readdirSync(backups).some((n) => n.startsWith('.partial-'));
        if (!seen) await new Promise((r) => setTimeout(r, 2));
      }
    } finally {
      await spawned.kill('SIGKILL');
    }
    expect(seen).toBe(true);
    expect(listBackups(backups)).toEqual([]);
    const again = await startTestServer({ dataDir });
    try {
      expect(fs.readdirSync(backups).filter((n) => n.startsWith('.partial-') || n.endsWith('.sqlite'))).toEqual([]);
      // The dead server's lock was taken over by this one.
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8'))).toMatchObject({
        pid: process.pid,
      });
    } finally {
      await again.close();
      fs.rmSync(baseDir, { recursive: true, force: true });
    }
  }, 90_000);
});
