import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { ApiKey } from '../../../shared/contracts/api-keys';
import type { AsRunPage } from '../../../shared/contracts/as-run';
import type { Bulletin } from '../../../shared/contracts/bulletins';
import type { EquipmentRequest } from '../../../shared/contracts/equipment';
import type { News, NewsRevision } from '../../../shared/contracts/news';
import type { OverlayOutput } from '../../../shared/contracts/overlay';
import type { User } from '../../../shared/contracts/users';
import { ApiClient } from '../../test/api-client';
import { login } from '../../test/factories';
import type { TestServer } from '../../test/test-server';
import type { ExportManifest } from './export-archive';
import type { ImportResult } from './import-station';
import { DHIVEHI, stationCounts, storeQuery, type SeededStation } from './station-import-support';

/** What station-import.test.ts checks on an imported store: its rows, its links, and the API over it. */
export type Where = { dataDir: string; databaseUrl?: string };

const ok = <T>(res: { status: number; body: T }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/**
 * Row counts of the imported station = the manifest's, less the two rows whose NOT NULL link names
 * a row that is not in the archive, plus the import's own Activity History entry.
 */
export async function expectCounts(where: Where, result: ImportResult, manifest: ExportManifest) {
  expect(result.leftOut).toEqual([
    { table: 'google_sheets_rows', rows: 1, reason: 'its row_id names a row of equipment that is not in the archive' },
    { table: 'wire_stories', rows: 1, reason: 'its news_id names a row of news that is not in the archive' },
  ]);
  const leftOut = (table: string) => result.leftOut.find((l) => l.table === table)?.rows ?? 0;
  const counts = await stationCounts(where, result.companyId);
  for (const [table, info] of Object.entries(manifest.tables))
    expect(counts[table], table).toBe(info.rows - leftOut(table) + (table === 'activity_logs' ? 1 : 0));
  expect(result.tables.every((t) => t.imported === t.rows - leftOut(t.table))).toBe(true);
}

/** The links without a foreign key, rewritten: a JSON list of stations, an installer URL, wire and sheet rows. */
export async function expectLinks(where: Where, result: ImportResult, seeded: SeededStation) {
  expect(result.nulled).toEqual([
    { reference: 'app_versions.target_companies', rows: 1 },
    { reference: 'activity_logs.user_id', rows: 1 },
  ]);
  const id = [result.companyId];
  const [file] = await storeQuery<{ id: string }>(where, 'SELECT id FROM app_version_files WHERE company_id = ?', id);
  expect(file?.id).toMatch(/^[0-9a-f]{32}$/);
  expect(file?.id).not.toBe(seeded.fileId);
  const [version] = await storeQuery<{ download_url: string; target_companies: unknown }>(
    where,
    'SELECT download_url, target_companies FROM app_versions WHERE company_id = ?',
    id,
  );
  expect(version?.download_url).toBe(`/api/app-version/files/${file?.id}`);
  const targets = version?.target_companies;
  expect(typeof targets === 'string' ? JSON.parse(targets) : targets).toEqual([result.companyId]);
  const wire = await storeQuery(
    where,
    'SELECT n.title AS story, i.title AS item FROM wire_stories s JOIN news n ON n.id = s.news_id JOIN wire_items i ON i.id = s.wire_item_id WHERE s.company_id = ?',
    id,
  );
  expect(wire).toEqual([{ story: DHIVEHI.title, item: 'Wire item' }]);
  const sheet = await storeQuery(
    where,
    'SELECT e.name FROM google_sheets_rows g JOIN equipment e ON e.id = g.row_id WHERE g.company_id = ?',
    id,
  );
  expect(sheet).toEqual([{ name: 'Camera ENG-1' }]);
}

/** What the owner finds on a server started on the imported store: everything, linked as before. */
export async function expectStation(
  server: TestServer,
  result: ImportResult,
  username: string,
  where: Where,
  seeded: SeededStation,
) {
  const password = result.ownerPasswords.find((o) => o.username === username)!.password;
  const before = await new ApiClient(server.url).post('/api/auth/login', { username, password: seeded.owner.password });
  expect(before.status).toBe(401);
  const owner = await login(server, username, password);
  expect(owner.user.companyId).toBe(result.companyId);
  const story = ok(await owner.get<News[]>('/api/news')).find((n) => n.title === DHIVEHI.title)!;
  expect(story).toMatchObject({ content: DHIVEHI.content, status: 'approved', companyId: result.companyId });
  const revisions = ok(await owner.get<NewsRevision[]>(`/api/news/${story.id}/revisions`));
  expect(revisions.map((r) => r.action).sort()).toEqual(['created', 'restored', 'updated']);
  expect(revisions.every((r) => r.newsId === story.id)).toBe(true);
  const created = revisions.find((r) => r.action === 'created')!;
  expect(revisions.find((r) => r.action === 'restored')?.restoredFrom).toBe(created.id);
  const bulletin = ok(await owner.get<Bulletin[]>('/api/bulletins')).find((b) => b.title === DHIVEHI.bulletin)!;
  expect(bulletin.bulletinItems.map((i) => [i.type, i.newsId, i.newsTitle, i.breakType])).toEqual([
    ['news', story.id, DHIVEHI.title, null],
    ['break', null, null, 'LOCAL BREAK'],
  ]);
  const [prompter] = ok(
    await owner.get<Array<{ bulletinId: number; selectedBulletinIds: number[] }>>('/api/prompters'),
  );
  expect(prompter).toMatchObject({ bulletinId: bulletin.id, selectedBulletinIds: [bulletin.id] });
  const users = ok(await owner.get<User[]>('/api/users'));
  expect(new Set(users.map((u) => u.role))).toEqual(
    new Set(['owner', 'admin', 'editor', 'mcr', 'cameraman', 'technical']),
  );
  const cameraman = users.find((u) => u.username.startsWith(seeded.usernames.cameraman))!;
  const [loan] = ok(await owner.get<EquipmentRequest[]>('/api/equipment-requests'));
  const [camera] = ok(await owner.get<Array<{ id: number; name: string }>>('/api/equipment'));
  expect(camera?.name).toBe('Camera ENG-1');
  expect(loan).toMatchObject({ equipmentId: camera!.id, requestedBy: cameraman.id, status: 'out' });
  expect(ok(await owner.get<{ timeZone: string }>('/api/settings')).timeZone).toBe('Indian/Maldives');
  expect(ok(await owner.get<ApiKey[]>('/api/company/api-keys')).map((k) => k.isActive)).toEqual([false]);
  expect(ok(await owner.get<Array<{ enabled: boolean }>>('/api/outputs')).map((o) => o.enabled)).toEqual([false]);
  expect(ok(await owner.get<OverlayOutput>('/api/outputs/overlay')).key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const asRun = ok(await owner.get<AsRunPage>('/api/as-run')).entries.filter((e) => e.text === DHIVEHI.headline);
  expect(asRun.length).toBeGreaterThan(0);
  expect(asRun.every((e) => e.userId === owner.user.id)).toBe(true);
  const logs = ok(await owner.get<Array<{ action: string }>>('/api/activity-logs?limit=100'));
  expect(logs.map((l) => l.action)).toContain('station_imported');
  // The server wrote the CG folder from the imported rows at start.
  const folder = path.resolve(server.baseDir, result.cgOutputPath);
  expect(fs.readFileSync(path.join(folder, 'headline.txt'), 'utf8')).toBe(DHIVEHI.headline);
  // A user edited by someone created after them: the link was set once both were in.
  const [technical] = await storeQuery<{ updated_by: number }>(
    where,
    'SELECT updated_by FROM users WHERE username = ?',
    [users.find((u) => u.username.startsWith(seeded.usernames.technical))!.username],
  );
  expect(technical?.updated_by).toBe(users.find((u) => u.username.startsWith(seeded.usernames.admin))!.id);
  return { owner, users };
}
