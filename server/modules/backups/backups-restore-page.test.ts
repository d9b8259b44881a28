import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { BackupItem, RestoreStarted } from '../../../shared/contracts/backups';
import type { CgFile } from '../../../shared/contracts/cg-files';
import type { News } from '../../../shared/contracts/news';
import { ApiClient } from '../../test/api-client';
import { createStation, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';
import { TestSocket } from '../../test/ws-client';
import { backAfterRestart } from '../../test/server-restart';

const titles = (news: News[]) => news.map((n) => n.title);

describe('restore from the Backups page (issue 41)', () => {
  it('backup → change → restore: the change is gone, everything before is back, clients told and reconnected; one of many clicks restores', async () => {
    const server: TestServer = await startTestServer();
    try {
      const dev = await loginDevOwner(server);
      const station = await createStation(server);
      const headline = await station.owner.post<CgFile>('/api/cg-files', {
        type: 'headline',
        content: 'Before the backup',
      });
      await createNews(dev, { title: 'Kept story' });
      const backup = (await dev.post<BackupItem>('/api/backups')).body;
      await createNews(dev, { title: 'Story after the backup' });
      await station.owner.put(`/api/cg-files/${headline.body.id}`, { content: 'After the backup' });
      expect(station.readCg('headline')).toBe('After the backup');

      // Refusals leave the server as it was.
      const admin = await createUser(dev, server, 'admin');
      expect((await admin.post('/api/backups/restore', { name: backup.name, stationName: 'Station A' })).status).toBe(
        403,
      );
      expect(
        (await station.owner.post('/api/backups/restore', { name: backup.name, stationName: 'Station A' })).status,
      ).toBe(403);
      const wrong = await dev.post<{ message: string }>('/api/backups/restore', {
        name: backup.name,
        stationName: 'Station B',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toContain('Station A');
      expect(
        (
          await dev.post('/api/backups/restore', {
            name: 'cg-bridge-2020-01-01T00-00-00-000Z-manual.sqlite',
            stationName: 'Station A',
          })
        ).status,
      ).toBe(404);
      expect((await dev.post('/api/backups/restore', { name: backup.name })).status).toBe(400);
      expect(titles((await dev.get<News[]>('/api/news')).body)).toContain('Story after the backup');

      const watcher = await TestSocket.authed(server.url, station.owner.token ?? '');
      const firstHello = watcher.messages.find((m) => m.type === 'auth_ok')?.data as {
        bootId: string;
        restoredAt: string | null;
      };
      expect(firstHello.restoredAt).toBeNull();
      // A double-click and a second owner's click at once: one restore. The others are refused
      // (409 while it is checked, 503 once accepted) or, arriving as the server closes, not answered (0).
      const clicks = await Promise.all(
        Array.from({ length: 20 }, () =>
          dev
            .post<RestoreStarted>('/api/backups/restore', { name: backup.name, stationName: 'Station A' })
            .catch((e: Error) => ({ status: 0, body: e.message })),
        ),
      );
      const statuses = clicks.map((c) => c.status);
      expect(statuses.filter((s) => s === 202)).toHaveLength(1);
      expect(statuses.every((s) => [202, 409, 503, 0].includes(s))).toBe(true);
      expect(clicks.find((c) => c.status === 202)?.body).toMatchObject({
        restoring: true,
        name: backup.name,
        stations: ['Station A', expect.any(String)],
      });
      // Another station's screens are told too: the restore takes every station back.
      expect((await watcher.waitFor('server_restoring', 10_000)).data).toMatchObject({ name: backup.name });
      expect(await watcher.waitClosed(20_000)).toBe(1012);
      await backAfterRestart(server.url, firstHello.bootId);

      // The session is in the backup: the same token reads the restored store.
      const news = titles((await dev.get<News[]>('/api/news')).body);
      expect(news).toContain('Kept story');
      expect(news).not.toContain('Story after the backup');
      // The CG text on disk is the backup's again (the start resyncs files to the store).
      expect(station.readCg('headline')).toBe('Before the backup');
      const again = await TestSocket.authed(server.url, station.owner.token ?? '');
      const hello = again.messages.find((m) => m.type === 'auth_ok')?.data as {
        bootId: string;
        restoredAt: string | null;
      };
      expect(hello.bootId).not.toBe(firstHello.bootId);
      expect(hello.restoredAt).not.toBeNull();
      again.close();
      const log = await dev.get<Array<{ action: string; details: string }>>('/api/activity-logs?limit=50');
      expect(log.body.find((l) => l.action === 'backup_restored')?.details).toContain('Backups page');
      const overview = await dev.get<{ backups: BackupItem[] }>('/api/backups');
      expect(overview.body.backups.map((b) => b.reason)).toContain('before-restore');
    } finally {
      await server.close();
    }
  }, 120_000);

  it('a backup made by a newer version is refused, naming it; the server keeps serving its store', async () => {
    const server = await startTestServer();
    try {
      const dev = await loginDevOwner(server);
      const backup = (await dev.post<BackupItem>('/api/backups')).body;
      await createNews(dev, { title: 'Written after the backup' });
      const db = new Database(path.join(server.dataDir, 'backups', backup.name));
      db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run(
        'future',
        Date.parse('2099-01-01'),
      );
      db.close();
      const refused = await dev.post<{ message: string }>('/api/backups/restore', {
        name: backup.name,
        stationName: 'Station A',
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('newer version of CG Bridge');
      expect(refused.body.message).toContain('2099-01-01');
      expect(titles((await dev.get<News[]>('/api/news')).body)).toContain('Written after the backup');
      // Not stuck: writes still work and a later restore may be tried.
      expect((await createNews(dev, { title: 'Still writing' })).title).toBe('Still writing');
      expect(fs.readdirSync(server.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('health answers without a session and names this start', async () => {
    const server = await startTestServer();
    try {
      const res = await new ApiClient(server.url).get<{ status: string; bootId: string }>('/api/health');
      expect(res.body.status).toBe('ok');
      expect(res.body.bootId).toBe(server.services.backups.bootId);
    } finally {
      await server.close();
    }
  });
});
