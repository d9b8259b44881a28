import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE } from '../../db/client';
import { createCompany, loginDevOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';
import { sha256, unpack } from './station-export-support';

/** A large station (tens of MB of history): the export streams it and air goes on meanwhile. */
const ROWS = 20_000;
const DETAILS = 'x'.repeat(1_500);

let server: TestServer;
let owner: Awaited<ReturnType<typeof createCompany>>['owner'];
beforeAll(async () => {
  server = await startTestServer();
  const dev = await loginDevOwner(server);
  const station = await createCompany(dev, server, 'Big Station');
  owner = station.owner;
  const db = new Database(path.join(server.dataDir, DB_FILE));
  try {
    db.pragma('busy_timeout = 5000');
    const insert = db.prepare(
      "INSERT INTO activity_logs (company_id, user_id, action, details, created_at) VALUES (?, ?, 'history', ?, ?)",
    );
    db.transaction(() => {
      for (let i = 0; i < ROWS; i += 1)
        insert.run(station.companyId, owner.user.id, `${i} ${DETAILS}`, new Date().toISOString());
    })();
  } finally {
    db.close();
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const spoolDirs = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('cg-bridge-export-'));
const get = () => fetch(`${server.url}/api/station-export`, { headers: { authorization: `Bearer ${owner.token}` } });

describe('station export of a large station', () => {
  it('streams every row while CG writes keep their pace', async () => {
    let stop = false;
    const took: number[] = [];
    const burst = (async () => {
      for (let i = 0; !stop; i += 1) {
        const started = performance.now();
        const res = await owner.post('/api/cg-files/update-direct', {
          type: 'headline',
          content: `during export ${i}`,
        });
        took.push(performance.now() - started);
        expect(res.status).toBe(200);
        // A very busy desk: a CG write every 20 ms (back to back, air would leave the export no turn).
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const res = await get();
    const bytes = Buffer.from(await res.arrayBuffer());
    stop = true;
    await burst;
    expect(res.status).toBe(200);
    const archive = await unpack(bytes);
    expect(archive.manifest.tables.activity_logs?.rows).toBeGreaterThanOrEqual(ROWS);
    expect(archive.rows('activity_logs').length).toBe(archive.manifest.tables.activity_logs?.rows);
    expect(sha256(archive.entries.get('tables/activity_logs.jsonl')!)).toBe(
      archive.manifest.tables.activity_logs?.sha256,
    );
    expect(took.length).toBeGreaterThan(5);
    // Slices of a few ms that wait for air: no CG write waits behind the export for long.
    took.sort((x, y) => x - y);
    // (On a busy shared test machine: median ~15 ms with or without an export, slowest ~250 ms either way.)
    expect(took[Math.floor(took.length / 2)]).toBeLessThan(150);
    expect(took[took.length - 1]).toBeLessThan(1_000);
  }, 60_000);

  it('a download abandoned mid-stream stops and removes its spool files', async () => {
    const before = new Set(spoolDirs());
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/station-export`, {
      headers: { authorization: `Bearer ${owner.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    controller.abort();
    await expect.poll(() => spoolDirs().filter((n) => !before.has(n)), { timeout: 5_000 }).toEqual([]);
    expect((await owner.get('/api/health')).status).toBe(200);
  }, 30_000);
});
