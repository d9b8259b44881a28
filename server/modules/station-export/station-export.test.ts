import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../../shared/contracts/api-keys';
import { DB_FILE } from '../../db/client';
import type { ApiClient } from '../../test/api-client';
import { createBulletin } from '../../test/bulletin-factory';
import { createEquipment } from '../../test/equipment-factory';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import { startTestServer, type TestServer } from '../../test/test-server';
import { sha256, unpack, type UnpackedExport } from './station-export-support';

let server: TestServer;
let dev: Awaited<ReturnType<typeof loginDevOwner>>;
type Client = Awaited<ReturnType<typeof createUser>>;
let ownerA: Client;
let adminA: Client;
let editorA: Client;
let b: Awaited<ReturnType<typeof createCompany>>;
let adminB: ApiClient;
let companyA: number;
const keys: string[] = [];

/** Secrets written straight into the store: none may appear anywhere in an archive. */
const SECRET = {
  botA: 'BOT-TOKEN-A-1234567890',
  authA: 'AUTH-TOKEN-A-0987',
  sheetsA: 'SHEETS-PRIVATE-KEY-A',
  obsA: 'OBS-PASSWORD-A',
};

const download = (client: ApiClient) =>
  fetch(`${server.url}/api/station-export`, {
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
  });

async function exportOf(client: ApiClient): Promise<UnpackedExport & { fileName: string | null }> {
  const res = await download(client);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/x-tar');
  const fileName = res.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ?? null;
  return { ...(await unpack(Buffer.from(await res.arrayBuffer()))), fileName };
}

function writeSecrets(companyId: number, userId: number): void {
  const db = new Database(path.join(server.dataDir, DB_FILE));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'INSERT INTO company_settings (company_id, telegram_bot_token, auth_token) VALUES (?, ?, ?) ON CONFLICT(company_id) DO UPDATE SET telegram_bot_token = excluded.telegram_bot_token, auth_token = excluded.auth_token',
    ).run(companyId, SECRET.botA, SECRET.authA);
    db.prepare(
      'INSERT INTO google_sheets_connections (company_id, service_account_key, spreadsheet_id, connected_by, updated_at) VALUES (?, ?, ?, ?, ?)',
    ).run(companyId, SECRET.sheetsA, 'sheet-a', userId, new Date().toISOString());
    const config = JSON.stringify({
      url: 'ws://127.0.0.1:9',
      password: SECRET.obsA,
      mapping: [{ type: 'headline', source: 'Headline' }],
    });
    const now = new Date().toISOString();
    db.prepare(
      "INSERT INTO outputs (company_id, kind, name, enabled, config, created_at, updated_at) VALUES (?, 'obs', 'OBS A', 0, ?, ?, ?)",
    ).run(companyId, config, now, now);
  } finally {
    db.close();
  }
}

/** What must never leave the store: password hashes, session token hashes, API key hashes. */
function storedSecrets(): string[] {
  const db = new Database(path.join(server.dataDir, DB_FILE), { readonly: true });
  try {
    return [
      ...(db.prepare('SELECT password_hash FROM users').pluck().all() as string[]),
      ...(db.prepare('SELECT token_hash FROM sessions').pluck().all() as string[]),
      ...(db.prepare('SELECT key_hash FROM api_keys').pluck().all() as string[]),
      ...(db.prepare('SELECT key FROM overlay_keys').pluck().all() as string[]),
      ...(db.prepare('SELECT key_hash FROM overlay_keys').pluck().all() as string[]),
    ];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  server = await startTestServer();
  dev = await loginDevOwner(server);
  companyA = dev.user.companyId;
  ownerA = await createUser(dev, server, 'owner');
  adminA = await createUser(dev, server, 'admin');
  editorA = await createUser(dev, server, 'editor');
  b = await createCompany(dev, server, 'Station B');
  adminB = await createUser(b.owner, server, 'admin');
  const storyA = await createNews(ownerA, { title: 'A-STORY harbour opens' });
  await createNews(editorA, { title: 'A-STORY second' });
  const storyB = await createNews(b.owner, { title: 'B-STORY island vote' });
  await createBulletin(server, companyA, ownerA.user.id, {
    title: 'A-BULLETIN',
    items: [{ type: 'news', newsId: storyA.id }],
  });
  await createBulletin(server, b.companyId, b.owner.user.id, {
    title: 'B-BULLETIN',
    items: [
      { type: 'news', newsId: storyB.id },
      { type: 'break', breakType: 'LOCAL BREAK' },
    ],
  });
  await createEquipment(ownerA, { name: 'A-CAMERA' });
  await createEquipment(b.owner, { name: 'B-CAMERA' });
  expect(
    (await ownerA.post('/api/cg-files/update-direct', { type: 'headline', content: 'A-HEADLINE on air' })).status,
  ).toBe(200);
  expect(
    (await b.owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'B-HEADLINE on air' })).status,
  ).toBe(200);
  for (const client of [ownerA, b.owner]) {
    const key = await client.post<CreatedApiKey>('/api/company/api-keys', {
      name: 'Graphics PC',
      permissions: ['cg_files'],
    });
    expect(key.status).toBe(201);
    keys.push(key.body.key);
  }
  writeSecrets(companyA, ownerA.user.id);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('station export', () => {
  it("A's owner downloads A's rows only: the manifest's counts and SHA-256s match, no secret leaves the store", async () => {
    const archive = await exportOf(ownerA);
    const { manifest, rows, entries } = archive;
    expect(archive.fileName).toMatch(/^cg-bridge-station-a-\d{4}-\d{2}-\d{2}\.tar$/);
    expect(archive.names[0]).toBe('manifest.json');
    expect(manifest.station).toMatchObject({ id: companyA, name: 'Station A', slug: 'station-a' });
    expect(manifest.format).toBe('cg-bridge-station-export');
    expect(manifest.newestMigration?.tag).toMatch(/^\d{4}_/);
    // Counts = lines, bytes and SHA-256 of every file as listed.
    for (const [table, info] of Object.entries(manifest.tables)) {
      const file = entries.get(info.file);
      expect(file, table).toBeDefined();
      expect(rows(table).length, table).toBe(info.rows);
      expect(sha256(file!), table).toBe(info.sha256);
      expect(file!.length, table).toBe(info.bytes);
    }
    for (const [name, info] of Object.entries(manifest.files))
      expect(sha256(entries.get(name)!), name).toBe(info.sha256);
    expect(archive.names.length).toBe(1 + Object.keys(manifest.tables).length + Object.keys(manifest.files).length);
    // Every row with a company is A's; B's stories, users, equipment and bulletin items are absent.
    for (const table of Object.keys(manifest.tables)) {
      for (const row of rows(table)) if ('company_id' in row) expect(row.company_id, table).toBe(companyA);
    }
    expect(rows('companies').map((c) => c.id)).toEqual([companyA]);
    expect(rows('news').map((n) => n.title)).toEqual(
      expect.arrayContaining(['A-STORY harbour opens', 'A-STORY second']),
    );
    expect(rows('users').map((u) => u.username)).toEqual(
      expect.arrayContaining([dev.user.username, ownerA.user.username, adminA.user.username]),
    );
    expect(rows('users').map((u) => u.username)).not.toContain(b.owner.user.username);
    expect(rows('equipment').map((e) => e.name)).toEqual(['A-CAMERA']);
    const bulletinIds = rows('bulletins').map((x) => x.id);
    expect(rows('bulletin_items').length).toBeGreaterThan(0);
    for (const item of rows('bulletin_items')) expect(bulletinIds).toContain(item.bulletin_id);
    expect(archive.text).not.toMatch(/B-STORY|B-BULLETIN|B-CAMERA|B-HEADLINE/);
    // The station's CG texts, as the folder holds them.
    expect(entries.get('files/cg/headline.txt')?.toString('utf8')).toBe('A-HEADLINE on air');
    expect(JSON.parse(entries.get('files/cg/cg.json')!.toString('utf8'))).toMatchObject({
      headline: 'A-HEADLINE on air',
    });
    // No secret: no password hash column, none of the stored hashes or keys, no token.
    expect(rows('users').every((u) => !('password_hash' in u))).toBe(true);
    expect(rows('api_keys').every((k) => !('key_hash' in k))).toBe(true);
    expect(archive.names).not.toContain('tables/sessions.jsonl');
    for (const secret of [...storedSecrets(), ...keys, ...Object.values(SECRET)])
      expect(archive.text.includes(secret), secret.slice(0, 12)).toBe(false);
    expect(archive.text).not.toContain('$argon2');
    expect((JSON.parse(String(rows('outputs')[0]?.config)) as { password: unknown }).password).toBeNull();
    expect(manifest.notIncluded.join(' ')).toMatch(/Telegram bot token/);
    expect(manifest.notIncluded.join(' ')).toMatch(/Google Sheets service-account key/);
    expect(Object.keys(manifest.excludedTables)).toContain('sessions');
    // Recorded in A's activity history, not in B's.
    const logA = await ownerA.get<Array<{ action: string; details: string }>>('/api/activity-logs?limit=20');
    expect(logA.body.find((e) => e.action === 'station_exported')?.details).toContain(archive.fileName!);
    const logB = await b.owner.get<Array<{ action: string }>>('/api/activity-logs?limit=50');
    expect(logB.body.map((e) => e.action)).not.toContain('station_exported');
  }, 30_000);

  it("B's owner gets B's station; a dev gets their own company, never another's", async () => {
    const archiveB = await exportOf(b.owner);
    expect(archiveB.manifest.station.id).toBe(b.companyId);
    expect(archiveB.fileName).toMatch(/^cg-bridge-station-b-/);
    expect(archiveB.rows('news').map((n) => n.title)).toEqual(['B-STORY island vote']);
    expect(archiveB.rows('bulletin_items')).toHaveLength(2);
    expect(archiveB.text).not.toMatch(/A-STORY|A-BULLETIN|A-CAMERA|A-HEADLINE/);
    for (const table of Object.keys(archiveB.manifest.tables)) {
      for (const row of archiveB.rows(table)) if ('company_id' in row) expect(row.company_id, table).toBe(b.companyId);
    }
    // The station is the session's: a query naming another company changes nothing.
    const res = await fetch(`${server.url}/api/station-export?companyId=${b.companyId}`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    const mine = await unpack(Buffer.from(await res.arrayBuffer()));
    expect(mine.manifest.station.id).toBe(companyA);
    expect(mine.text).not.toContain('B-STORY');
  }, 30_000);

  it('refuses admins, editors and other roles (403) and no session (401)', async () => {
    for (const client of [adminA, editorA, adminB]) {
      const res = await download(client);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toContain('owner');
    }
    expect((await fetch(`${server.url}/api/station-export`)).status).toBe(401);
  });

  it('20 parallel exports during a burst of CG writes: no 5xx, every archive whole, spool files removed', async () => {
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('cg-bridge-export-')));
    let stop = false;
    const statuses: number[] = [];
    const burst = (async () => {
      for (let i = 0; !stop; i += 1)
        statuses.push(
          (await ownerA.post('/api/cg-files/update-direct', { type: 'headline', content: `burst ${i}` })).status,
        );
    })();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        download(i % 2 ? ownerA : b.owner).then(async (res) => ({
          status: res.status,
          bytes: Buffer.from(await res.arrayBuffer()),
        })),
      ),
    );
    stop = true;
    await burst;
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of results) {
      const archive = await unpack(r.bytes);
      for (const info of Object.values(archive.manifest.tables))
        expect(sha256(archive.entries.get(info.file)!)).toBe(info.sha256);
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await expect
      .poll(() => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('cg-bridge-export-') && !before.has(n)))
      .toEqual([]);
  }, 60_000);

  it('a download abandoned half-way stops and removes its spool files', async () => {
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('cg-bridge-export-')));
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/station-export`, {
      headers: { authorization: `Bearer ${ownerA.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    controller.abort();
    await expect
      .poll(() => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('cg-bridge-export-') && !before.has(n)))
      .toEqual([]);
    expect((await ownerA.get('/api/health')).status).toBe(200);
  });
});
