import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupItem, BackupOverview } from '../../../shared/contracts/backups';
import type { News } from '../../../shared/contracts/news';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';
import { backupName } from './backup-names';
import { backupsToRemove } from './backup-retention';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const openBackup = (name: string) => new Database(path.join(server.dataDir, 'backups', name), { readonly: true });

/** Unblocks a writer stuck opening a FIFO (a reader appears and leaves), so its thread can end. */
const release = (fifo: string) => fs.closeSync(fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK));

describe('backups', () => {
  it('a backup taken during a burst of CG writes and news edits opens, passes integrity_check and holds every write acknowledged before it', async () => {
    const dev = await loginDevOwner(server);
    const acked: News[] = [];
    let cgAcked = -1;
    let stop = false;
    const cgBurst = (async () => {
      for (let i = 0; !stop; i += 1) {
        const res = await dev.post('/api/cg-files/update-direct', { type: 'headline', content: `burst ${i}` });
        expect(res.status).toBe(200);
        cgAcked = i;
      }
    })();
    const newsBurst = (async () => {
      while (!stop) acked.push(await createNews(dev));
    })();
    await new Promise((r) => setTimeout(r, 300));
    const newsBefore = acked.map((n) => n.id);
    const cgBefore = cgAcked;
    const res = await dev.post<BackupItem>('/api/backups');
    stop = true;
    await Promise.all([cgBurst, newsBurst]);
    expect(res.status).toBe(201);
    expect(res.body.verified).toBe(true);
    expect(newsBefore.length).toBeGreaterThan(0);
    const db = openBackup(res.body.name);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(db.prepare('SELECT id FROM news').pluck().all() as number[]);
      expect(newsBefore.filter((id) => !ids.has(id))).toEqual([]);
      const headline = db.prepare("SELECT content FROM cg_files WHERE type = 'headline'").pluck().get() as string;
      expect(Number(headline.replace('burst ', ''))).toBeGreaterThanOrEqual(cgBefore);
      expect(res.body.counts.news).toBe(ids.size);
    } finally {
      db.close();
    }
    // The manifest beside it says the same.
    const manifest = JSON.parse(
      fs.readFileSync(path.join(server.dataDir, 'backups', `${res.body.name}.manifest.json`), 'utf8'),
    ) as { integrity: string; sha256: string };
    expect(manifest.integrity).toBe('ok');
    expect(manifest.sha256).toMatch(/^[0-9a-f]{64}$/);
    const list = await dev.get<BackupOverview>('/api/backups');
    expect(list.body.backups.map((b) => b.name)).toContain(res.body.name);
  }, 60_000);

  it('downloads a backup as a stream of the very file, and logs it', async () => {
    const dev = await loginDevOwner(server);
    const made = await dev.post<BackupItem>('/api/backups');
    const res = await fetch(`${server.url}/api/backups/download?name=${made.body.name}`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(made.body.name);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(made.body.bytes);
    const log = await dev.get<Array<{ action: string }>>('/api/activity-logs?limit=20');
    expect(log.body.map((i) => i.action)).toEqual(expect.arrayContaining(['backup_created', 'backup_downloaded']));
    expect((await dev.get('/api/backups/download?name=cg-bridge-nope.sqlite')).status).toBe(404);
  });

  it('tenancy: one server, several stations — only the host station owner (and roletype dev) reach backups', async () => {
    const dev = await loginDevOwner(server);
    const hostOwner = await createUser(dev, server, 'owner');
    const admin = await createUser(dev, server, 'admin');
    const other = await createCompany(dev, server);
    expect((await hostOwner.get('/api/backups')).status).toBe(200);
    const name = (await hostOwner.post<BackupItem>('/api/backups')).body.name;
    for (const client of [other.owner, admin]) {
      expect((await client.get('/api/backups')).status).toBe(403);
      expect((await client.post('/api/backups')).status).toBe(403);
      expect((await client.get(`/api/backups/download?name=${name}`)).status).toBe(403);
      expect((await client.get('/api/backups/download')).status).toBe(403);
      expect(
        (
          await client.put('/api/backups/settings', {
            intervalMinutes: 60,
            keepHourly: 1,
            keepDaily: 0,
            keepWeekly: 0,
            offsiteFolder: null,
          })
        ).status,
      ).toBe(403);
    }
  });

  it('refuses system folders and a path under a file as the off-PC folder; a hanging folder fails the save within seconds', async () => {
    const dev = await loginDevOwner(server);
    const body = (offsiteFolder: string | null) => ({
      intervalMinutes: 60,
      keepHourly: 24,
      keepDaily: 14,
      keepWeekly: 8,
      offsiteFolder,
    });
    expect((await dev.put('/api/backups/settings', body('/etc/cgb'))).status).toBe(400);
    expect((await dev.put('/api/backups/settings', body('relative/dir'))).status).toBe(400);
    expect((await dev.put('/api/backups/settings', body(server.dataDir))).status).toBe(400);
    const file = path.join(server.baseDir, 'a-file');
    fs.writeFileSync(file, 'x');
    expect(await dev.put('/api/backups/settings', body(path.join(file, 'sub'))).then((r) => r.status)).toBe(400);
    // A share that hangs, simulated: the probe file is a FIFO with no reader, so opening it for
    // writing blocks (as a write to a dead mount does). The save must fail within seconds.
    const hanging = path.join(server.baseDir, 'hanging-share');
    fs.mkdirSync(hanging);
    const fifo = path.join(hanging, `.cgb-backup-probe-${process.pid}.tmp`);
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    const res = await dev.put<{ message: string }>('/api/backups/settings', body(hanging));
    const took = Date.now() - started;
    release(fifo);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('did not answer');
    expect(took).toBeLessThan(10_000);
    const good = path.join(server.baseDir, 'second-disk');
    const saved = await dev.put<BackupOverview>('/api/backups/settings', body(good));
    expect(saved.status).toBe(200);
    expect(saved.body.settings.offsiteFolder).toBe(good);
    expect(saved.body.offsite.stale).toBe(true);
    await dev.post('/api/backups');
    await server.services.backups.runner.offsiteDone();
    const after = await dev.get<BackupOverview>('/api/backups');
    expect(after.body.offsite.stale).toBe(false);
    expect(fs.readdirSync(good).filter((n) => n.endsWith('.manifest.json')).length).toBe(1);
    await dev.put('/api/backups/settings', body(null));
  }, 30_000);
});

describe('off-PC copy to a share that hangs', () => {
  it('fails within seconds, the local backup stands and CG writes go on', async () => {
    let now = Date.parse('2026-11-28T10:00:00.000Z');
    const fixed = await startTestServer({ clock: { now: () => new Date(now) } });
    try {
      const dev = await loginDevOwner(fixed);
      const share = path.join(fixed.baseDir, 'share');
      expect(
        (
          await dev.put('/api/backups/settings', {
            intervalMinutes: 60,
            keepHourly: 24,
            keepDaily: 14,
            keepWeekly: 8,
            offsiteFolder: share,
          })
        ).status,
      ).toBe(200);
      now += 60_000;
      // The copy's partial file is a FIFO with no reader: opening it blocks like a dead share.
      const fifo = path.join(share, `.partial-${backupName(new Date(now), 'manual')}`);
      execFileSync('mkfifo', [fifo]);
      const made = await dev.post<BackupItem>('/api/backups');
      expect(made.status).toBe(201);
      const started = Date.now();
      const copy = fixed.services.backups.runner.offsiteDone();
      // Air is unaffected while the copy hangs.
      expect(
        (await dev.post('/api/cg-files/update-direct', { type: 'headline', content: 'during the hang' })).status,
      ).toBe(200);
      await copy;
      expect(Date.now() - started).toBeLessThan(10_000);
      release(fifo);
      const overview = await dev.get<BackupOverview>('/api/backups');
      expect(overview.body.offsite.lastError).toContain('did not answer');
      expect(overview.body.offsite.stale).toBe(true);
      expect(overview.body.backups[0]?.verified).toBe(true);
    } finally {
      await fixed.close();
    }
  }, 30_000);
});

describe('retention', () => {
  const at = (iso: string, reason: 'scheduled' | 'before-migrations' = 'scheduled') => ({
    name: iso,
    at: new Date(iso),
    reason,
  });
  it('keeps the newest of each hour, day and week up to the counts, and the last before-migrations backup', () => {
    const hourly = Array.from({ length: 30 }, (_, i) =>
      at(new Date(Date.parse('2026-11-28T23:00:00Z') - i * 3_600_000).toISOString()),
    );
    const old = at('2026-10-01T12:00:00.000Z', 'before-migrations');
    const removed = backupsToRemove([...hourly, old], { keepHourly: 24, keepDaily: 1, keepWeekly: 0 });
    expect(removed).toHaveLength(6);
    expect(removed).not.toContain(old.name);
    expect(removed).not.toContain(hourly[0]?.name);
    // The newest of 2026-11-27 is kept by keepDaily only if the daily count reaches it.
    expect(backupsToRemove([...hourly], { keepHourly: 24, keepDaily: 2, keepWeekly: 0 })).toHaveLength(5);
  });
});
