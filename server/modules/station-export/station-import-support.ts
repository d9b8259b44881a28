import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { expect } from 'vitest';
import type { Bulletin } from '../../../shared/contracts/bulletins';
import type { News, NewsRevision } from '../../../shared/contracts/news';
import { configFromEnv, type ServerConfig } from '../../config';
import { DB_FILE } from '../../db/client';
import type { ApiClient } from '../../test/api-client';
import { createEquipment, requestEquipment } from '../../test/equipment-factory';
import { createCompany, createUser, loginDevOwner } from '../../test/factories';
import { createNews } from '../../test/news-factory';
import type { TestServer } from '../../test/test-server';
import { EXPORTED_TABLES } from './export-tables';

/** Thaana: the station's stories and on-air text are in Dhivehi. */
export const DHIVEHI = {
  title: 'ރައީސް — ބަޖެޓަށް ވޯޓު',
  content: 'ދިވެހި ޚަބަރު: މާލޭ ބަނދަރު ހުޅުވައިފި',
  bulletin: 'ހަވީރު ބުލެޓިން',
  headline: 'މާލޭ ބަނދަރު ހުޅުވައިފި',
};

export interface SeededStation {
  companyId: number;
  /** The id of the installer row written straight into the store (the import gives it a new one). */
  fileId: string;
  /** Usernames and passwords of the station's people as they signed in before the export. */
  owner: { username: string; password: string; fullName: string };
  usernames: { admin: string; technical: string; cameraman: string };
  archive: Buffer;
}

const ok = <T>(res: { status: number; body: T }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};

/**
 * A station written through the real API — people of every role (one edited by someone created
 * after them), Dhivehi stories with revisions (an edit and a restore), a bulletin with a story and
 * a break, a prompter reading it, equipment on loan, settings, an API key, an output, the overlay
 * key, CG text on air and its as-run rows — then exported through GET /api/station-export.
 */
export async function seedAndExport(server: TestServer): Promise<SeededStation> {
  const dev = await loginDevOwner(server);
  const owner = await createUser(dev, server, 'owner');
  const technical = await createUser(owner, server, 'technical');
  const admin = await createUser(owner, server, 'admin');
  const editor = await createUser(owner, server, 'editor');
  const cameraman = await createUser(owner, server, 'cameraman');
  await createUser(owner, server, 'mcr');
  ok(await admin.put(`/api/users/${technical.user.id}`, { fullName: 'Ahmed Technical' }));
  const story = await createNews(editor, { title: DHIVEHI.title, content: DHIVEHI.content });
  const edited = ok(await editor.put<News>(`/api/news/${story.id}`, { content: 'Edited', version: story.version }));
  const revisions = ok(await editor.get<NewsRevision[]>(`/api/news/${story.id}/revisions`));
  const first = revisions.find((r) => r.version === 1)!;
  ok(await owner.post(`/api/news/${story.id}/revisions/${first.id}/restore`, { version: edited.version }));
  ok(await owner.post(`/api/news/${story.id}/approve`));
  await createNews(editor, { title: 'Harbour fire under control' });
  const bulletin = ok(
    await owner.post<Bulletin>('/api/bulletins', {
      title: DHIVEHI.bulletin,
      broadcastTime: '20:00',
      scheduledTime: new Date().toISOString(),
      bulletinItems: [
        { type: 'news', newsId: story.id },
        { type: 'break', breakType: 'LOCAL BREAK' },
      ],
    }),
    201,
  );
  const prompter = ok(
    await owner.post<{ id: number }>('/api/prompters', { name: 'Studio A', bulletinId: bulletin.id }),
    201,
  );
  ok(await owner.put(`/api/prompters/${prompter.id}`, { selectedBulletinIds: [bulletin.id] }));
  const camera = await createEquipment(owner, { name: 'Camera ENG-1' });
  const loan = await requestEquipment(cameraman, camera.id);
  ok(await owner.put(`/api/equipment-requests/${loan.id}/approve`));
  ok(await cameraman.put(`/api/equipment-requests/${loan.id}/checkout`));
  ok(await owner.put('/api/settings', { timeZone: 'Indian/Maldives' }));
  ok(await owner.post('/api/company/api-keys', { name: 'Graphics PC', permissions: ['cg_files'] }), 201);
  const casparcg = { host: '127.0.0.1', port: 9, template: 'lower-third' };
  ok(await owner.post('/api/outputs', { kind: 'casparcg', name: 'CasparCG', config: casparcg }), 201);
  ok(await owner.get('/api/outputs/overlay'));
  ok(await owner.post('/api/cg-files/update-direct', { type: 'headline', content: DHIVEHI.headline }));
  await server.asRunRecorder.flush();
  const other = await createCompany(dev, server, 'Station B');
  const fileId = writeLinksWithoutKeys(server, {
    companyId: dev.user.companyId,
    otherCompanyId: other.companyId,
    otherUserId: other.owner.user.id,
    storyId: story.id,
    editorId: editor.user.id,
    equipmentId: camera.id,
  });
  const res = await fetch(`${server.url}/api/station-export`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(200);
  return {
    companyId: dev.user.companyId,
    fileId,
    owner: { username: owner.user.username, password: owner.password, fullName: owner.user.fullName },
    usernames: { admin: admin.user.username, technical: technical.user.username, cameraman: cameraman.user.username },
    archive: Buffer.from(await res.arrayBuffer()),
  };
}

/** Made up for links to rows the archive cannot hold: a purged story, equipment deleted since. */
const GONE = 999_999;

/**
 * Rows the API makes only through outside services (a wire feed, an installer upload, a Sheets
 * sync), written straight into the store: the links the schema keeps without a foreign key — a
 * wire story of a purged story and a sheet row of deleted equipment among them (the import leaves
 * those two out) — and a log entry naming another station's user (the import sets it to none).
 */
function writeLinksWithoutKeys(
  server: TestServer,
  ids: {
    companyId: number;
    otherCompanyId: number;
    otherUserId: number;
    storyId: number;
    editorId: number;
    equipmentId: number;
  },
): string {
  const db = new Database(path.join(server.dataDir, DB_FILE));
  const now = new Date().toISOString();
  const fileId = 'ab'.repeat(16);
  try {
    db.pragma('busy_timeout = 5000');
    const run = (text: string, ...params: unknown[]) => db.prepare(text).run(...params);
    const feed = run(
      "INSERT INTO wire_feeds (company_id, name, url, enabled, created_at, updated_at) VALUES (?, 'Agency', 'https://wire.invalid/feed', 0, ?, ?)",
      ids.companyId,
      now,
      now,
    ).lastInsertRowid;
    const item = run(
      "INSERT INTO wire_items (company_id, feed_id, guid, title, summary, published_at, fetched_at) VALUES (?, ?, 'g-1', 'Wire item', 'Summary', ?, ?)",
      ids.companyId,
      feed,
      now,
      now,
    ).lastInsertRowid;
    const story =
      'INSERT INTO wire_stories (company_id, wire_item_id, news_id, source, title, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)';
    run(story, ids.companyId, item, ids.storyId, 'Agency', 'Wire item', ids.editorId, now);
    run(story, ids.companyId, null, GONE, 'Agency', 'Purged story', ids.editorId, now);
    run(
      "INSERT INTO app_version_files (id, company_id, original_name, file_size, checksum, uploaded_by) VALUES (?, ?, 'setup.exe', 10, 'abc', ?)",
      fileId,
      ids.companyId,
      ids.editorId,
    );
    run(
      "INSERT INTO app_versions (company_id, latest_version, release_notes, download_file_name, download_url, target_companies) VALUES (?, '2.0.0', 'Notes', 'setup.exe', ?, ?)",
      ids.companyId,
      `/api/app-version/files/${fileId}`,
      JSON.stringify([ids.companyId, ids.otherCompanyId]),
    );
    const sheetRow = 'INSERT INTO google_sheets_rows (company_id, row_id, hash, synced_at) VALUES (?, ?, ?, ?)';
    run(sheetRow, ids.companyId, ids.equipmentId, 'h1', now);
    run(sheetRow, ids.companyId, GONE, 'h2', now);
    run(
      "INSERT INTO activity_logs (company_id, user_id, action, details) VALUES (?, ?, 'cg_file_updated', 'A developer of Station B helped out')",
      ids.companyId,
      ids.otherUserId,
    );
  } finally {
    db.close();
  }
  return fileId;
}

/** The configuration the command would read for this data folder (and PostgreSQL database). */
export function importConfig(dataDir: string, databaseUrl?: string): ServerConfig {
  return configFromEnv(
    { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    path.dirname(dataDir),
  );
}

/** SQL on the target store, whichever engine: `?` placeholders. */
export async function storeQuery<T>(
  where: { dataDir: string; databaseUrl?: string },
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (!where.databaseUrl) {
    const db = new Database(path.join(where.dataDir, DB_FILE), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(text).all(...params) as T[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: where.databaseUrl });
  await client.connect();
  try {
    let n = 0;
    return (
      await client.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as T[];
  } finally {
    await client.end();
  }
}

/** A station's rows per exported table, counted as the export selects them. */
export async function stationCounts(where: { dataDir: string; databaseUrl?: string }, companyId: number) {
  const counts: Record<string, number> = {};
  for (const t of EXPORTED_TABLES) {
    const [row] = await storeQuery<{ n: number | string }>(
      where,
      `SELECT count(*) AS n FROM "${t.table}" WHERE ${t.where}`,
      [companyId],
    );
    counts[t.table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** A copy of the archive with one byte changed inside the text of `needle` (a table file's content). */
export function tampered(archive: Buffer, needle: string, dir: string): string {
  const at = archive.indexOf(Buffer.from(needle, 'utf8'));
  expect(at).toBeGreaterThan(0);
  const copy = Buffer.from(archive);
  copy[at] = copy[at]! ^ 0x01;
  const file = path.join(dir, 'tampered.tar');
  fs.writeFileSync(file, copy);
  return file;
}

export type Signed = ApiClient & { user: { id: number; companyId: number; username: string } };
