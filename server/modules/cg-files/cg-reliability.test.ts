import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CgFile } from '../../../shared/contracts/cg-files';
import { ApiClient } from '../../test/api-client';
import { loginDevOwner } from '../../test/factories';
import { pidAlive, spawnServer } from '../../test/spawn-server';
import { onPostgres, startTestServer, testDatabase, type TestServer } from '../../test/test-server';

/** A headline as long as the Headline rule allows (120), numbered at both ends. */
const textFor = (i: number) => `v${i}|${'x'.repeat(100)}|v${i}`;
/** The poller watches the crawler: ~4 kB (8 lines of the 500-character maximum), numbered at both ends. */
const crawlerFor = (i: number) => [`v${i}`, ...Array.from({ length: 8 }, () => 'x'.repeat(500)), `v${i}`].join('\n');

const VALID = `^v(\\d+)\\n(x{500}\\n){8}v\\1$`;

describe('a graphics program polling the file', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  // A failed assertion must not leave the reader spinning forever (its stop file would never come).
  let reader: ReturnType<typeof spawn> | undefined;
  afterAll(async () => {
    reader?.kill();
    await server.close();
  });

  it('never sees an empty or partial file during 300 rapid updates', async () => {
    const dev = await loginDevOwner(server);
    expect(
      (await dev.post('/api/cg-files/update-direct', { type: 'news_crawler', content: crawlerFor(0) })).status,
    ).toBe(200);
    const file = path.join(server.baseDir, 'cg_output', 'news_crawler.txt');
    const stop = path.join(server.baseDir, 'stop-reader');
    const poller = spawn(process.execPath, [path.join(__dirname, '../../test/poll-reader.mjs'), file, stop, VALID]);
    reader = poller;
    let report = '';
    poller.stdout.on('data', (c: Buffer) => (report += c.toString()));
    const done = new Promise<void>((resolve) => poller.once('exit', () => resolve()));
    for (let i = 1; i <= 300; i++) {
      const res = await dev.post('/api/cg-files/update-direct', { type: 'news_crawler', content: crawlerFor(i) });
      expect(res.status).toBe(200);
    }
    fs.writeFileSync(stop, '');
    await done;
    const seen = JSON.parse(report) as {
      reads: number;
      empty: number;
      missing: number;
      invalid: number;
      distinct: number;
    };
    expect(seen.reads).toBeGreaterThan(300);
    expect(seen.distinct).toBeGreaterThan(10); // it really watched the updates go by
    expect(seen).toMatchObject({ empty: 0, missing: 0, invalid: 0 });
    expect(fs.readFileSync(file, 'utf8')).toBe(crawlerFor(300));
  }, 90_000); // correctness, not speed: on a loaded 2-core box 300 fsynced writes can take 40 s
});

/** The spawned server's store: on unit-pg a database of its own (dropped after); on SQLite its data folder's file. */
async function spawnedStore(): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const db = await testDatabase('cgb_crash');
  return { env: db ? { DATABASE_URL: db.url } : {}, drop: () => db?.drop() ?? Promise.resolve() };
}

describe('a crash (SIGKILL) in a burst of updates', () => {
  it('leaves every file at the last acknowledged or the in-flight value and a sound database', async () => {
    for (let round = 0; round < 3; round++) {
      const store = await spawnedStore();
      const proc = await spawnServer(undefined, store.env);
      const api = new ApiClient(proc.url);
      api.token = (
        await api.post<{ token: string }>('/api/auth/login', { username: 'owner', password: 'owner-password' })
      ).body.token;
      const ackAfter = 20 + round * 15;
      let lastAcked = -1;
      for (let i = 0; i < ackAfter; i++) {
        const res = await api.post('/api/cg-files/update-direct', {
          type: 'headline',
          content: textFor(i),
          subheadline: textFor(i),
        });
        if (res.status === 200) lastAcked = i;
      }
      // The next update is in flight when the process dies.
      const inFlight = api
        .post('/api/cg-files/update-direct', {
          type: 'headline',
          content: textFor(ackAfter),
          subheadline: textFor(ackAfter),
        })
        .catch(() => null);
      await new Promise((r) => setTimeout(r, round)); // 0, 1, 2 ms into the request
      // spawnServer runs the server as one process; kill() resolves only once its pid is gone
      // and its port refuses connections — a real crash, not a wrapper's.
      await proc.kill('SIGKILL');
      expect(pidAlive(proc.pid)).toBe(false);
      await inFlight;

      const allowed = [textFor(lastAcked), textFor(ackAfter)];
      const onAir: Record<string, string> = {};
      for (const type of ['headline', 'subheadline']) {
        onAir[type] = fs.readFileSync(path.join(proc.baseDir, 'cg_output', `${type}.txt`), 'utf8');
        expect(allowed).toContain(onAir[type]);
      }
      // SQLite's own check of its file. On PostgreSQL there is no file (the server ran on the
      // database), and the restart below, which reads the store back and adopts what was on air,
      // is its proof of a sound store.
      const file = path.join(proc.baseDir, 'data', 'cg-bridge.sqlite');
      if (onPostgres()) expect(fs.existsSync(file)).toBe(false);
      else {
        const db = new Database(file);
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        db.close();
      }

      // After a restart the database has adopted what was on air (an in-flight value whose
      // commit the crash lost included), and every file still equals it: nothing was rolled back.
      const again = await spawnServer(proc.baseDir, store.env);
      // A failed check must not leave the restarted server running after the test.
      try {
        const client = new ApiClient(again.url);
        client.token = (
          await client.post<{ token: string }>('/api/auth/login', { username: 'owner', password: 'owner-password' })
        ).body.token;
        const files = (await client.get<CgFile[]>('/api/cg-files')).body;
        for (const type of ['headline', 'subheadline']) {
          expect(files.find((f) => f.type === type)?.content).toBe(onAir[type]);
          expect(fs.readFileSync(path.join(proc.baseDir, 'cg_output', `${type}.txt`), 'utf8')).toBe(onAir[type]);
        }
      } finally {
        await again.kill();
      }
      await store.drop();
      fs.rmSync(proc.baseDir, { recursive: true, force: true });
    }
  }, 90_000);
});
