import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Equipment } from '../../../shared/contracts/equipment';
import type { ActivityLog } from '../../../shared/contracts/activity-logs';
import type {
  GoogleSheetsSettings,
  GoogleSheetsStatus,
  SheetSyncResult,
} from '../../../shared/contracts/google-sheets';
import type { ApiClient } from '../../test/api-client';
import { createEquipment, equipmentStation } from '../../test/equipment-factory';
import { startFakeSheets, type FakeSheets } from '../../test/fake-sheets';
import { onPostgres, startTestServer, type TestServer } from '../../test/test-server';
import { synchronousCommitOfPooledConnections } from '../../test/store-sql';
import { TestSocket } from '../../test/ws-client';

/**
 * Sheets sync end to end: the real server, the real googleapis client with a service-account key,
 * and a fake Sheets API over HTTP (server/test/fake-sheets.ts). Nothing of ours is mocked.
 */
let fake: FakeSheets;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeSheets();
  // A long debounce here: these tests drive every sync themselves (the lifecycle has its own server below).
  server = await startTestServer({ googleSheets: { rootUrl: fake.url, pushDebounceMs: 600_000 } });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

type Err = { message: string };
const COL = { id: 0, name: 1, code: 2, quantity: 7, status: 10, modified: 11 };

/** A station whose owner uploaded a key and created the sheet (both tabs, filled). */
async function connectedStation(items = 3, on: TestServer = server) {
  const s = await equipmentStation(on);
  const account = fake.serviceAccount(`station-${s.companyId}`);
  const saved = await s.owner.put<GoogleSheetsSettings>('/api/google-sheets/settings', {
    serviceAccountKey: account.keyJson,
  });
  expect(saved.status).toBe(200);
  const made: Equipment[] = [];
  for (let i = 0; i < items; i++)
    made.push(await createEquipment(s.owner, { name: `Camera ${i}`, code: `CAM-${s.companyId}-${i}` }));
  const created = await s.owner.post<{ spreadsheetId: string; url: string }>('/api/google-sheets/create-sheet');
  expect(created.status).toBe(200);
  return { ...s, account, made, sheetId: created.body.spreadsheetId };
}

const rowOf = (sheetId: string, id: number) =>
  fake.grid(sheetId, 'Equipment').findIndex((r) => r[COL.id] === String(id));
const itemOf = async (owner: ApiClient, id: number) =>
  (await owner.get<Equipment[]>('/api/equipment')).body.find((e) => e.id === id);
const logOf = async (owner: ApiClient) => (await owner.get<ActivityLog[]>('/api/activity-logs?limit=100')).body;

describe('Google Sheets without credentials', () => {
  it('explains how to connect, refuses syncs with 400, and the rest of the station works', async () => {
    const s = await equipmentStation(server);
    const status = await s.cameraman.get<GoogleSheetsStatus>('/api/google-sheets/test');
    expect(status.body).toEqual({
      connected: false,
      syncWorking: false,
      error: 'Google Sheets is not connected: upload the service-account key and enter the sheet ID under Connection',
    });
    expect((await s.cameraman.get('/api/google-sheets/url')).body).toEqual({ url: null });
    for (const path of ['sync-to-sheet', 'sync-from-sheet', 'sync-now', 'create-sheet']) {
      const res = await s.owner.post<Err>(`/api/google-sheets/${path}`);
      expect([res.status, res.body.message], path).toEqual([400, status.body.error]);
    }
    expect((await s.cameraman.post('/api/google-sheets/sync-now')).status).toBe(403);
    expect((await createEquipment(s.owner)).id).toBeGreaterThan(0);
  });

  it('takes a key file and a pasted sheet URL; the key never comes back', async () => {
    const s = await equipmentStation(server);
    const bad = await s.owner.put<Err>('/api/google-sheets/settings', { serviceAccountKey: 'not json' });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'serviceAccountKey: The key file is not JSON: upload the .json key Google gave you',
    ]);
    const wrongType = await s.owner.put<Err>('/api/google-sheets/settings', {
      serviceAccountKey: JSON.stringify({ type: 'authorized_user' }),
    });
    expect(wrongType.status).toBe(400);
    const account = fake.serviceAccount(`paste-${s.companyId}`);
    const res = await s.owner.put<GoogleSheetsSettings>('/api/google-sheets/settings', {
      serviceAccountKey: account.keyJson,
      spreadsheetId: 'https://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOpQrStUv/edit#gid=0',
    });
    expect(res.body).toMatchObject({
      keySet: true,
      serviceAccountEmail: account.email,
      spreadsheetId: '1AbCdEfGhIjKlMnOpQrStUv',
    });
    const read = await s.admin.get<GoogleSheetsSettings>('/api/google-sheets/settings');
    expect(JSON.stringify(read.body)).not.toContain('PRIVATE KEY');
    expect((await s.editor.get('/api/google-sheets/settings')).status).toBe(403);
    expect((await s.editor.get('/api/google-sheets/url')).body).toEqual({
      url: 'https://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMnOpQrStUv/edit',
    });
  });
});

describe('Google Sheets sync against the fake Sheets API', () => {
  it('creates the sheet, pushes 1 000 items, pulls 3 edited rows into the DB with live events', async () => {
    const s = await connectedStation(0);
    const rows = Array.from({ length: 1000 }, (_, i) => ({ name: `Item ${i}`, code: `GEN-${i}`, location: 'Store' }));
    expect((await s.owner.post('/api/equipment/bulk', { csvData: rows })).status).toBe(200);
    const pushed = await s.owner.post<SheetSyncResult>('/api/google-sheets/sync-to-sheet');
    expect(pushed.body.pushed).toEqual({ equipment: 1000, requests: 0 });
    expect(fake.grid(s.sheetId, 'Equipment')).toHaveLength(1001);
    expect(fake.grid(s.sheetId, 'Requests')[0]?.[0]).toBe('ID');

    const items = (await s.owner.get<Equipment[]>('/api/equipment')).body;
    const [a, b, c] = [items[10]!, items[500]!, items[999]!];
    fake.setCell(s.sheetId, 'Equipment', rowOf(s.sheetId, a.id), COL.name, 'Renamed in the sheet');
    fake.setCell(s.sheetId, 'Equipment', rowOf(s.sheetId, b.id), COL.quantity, '4');
    fake.setCell(s.sheetId, 'Equipment', rowOf(s.sheetId, c.id), COL.status, 'maintenance');
    const socket = await TestSocket.authed(server.url, s.editor.token ?? '');
    try {
      const pulled = await s.owner.post<SheetSyncResult>('/api/google-sheets/sync-from-sheet');
      expect(pulled.body.pulled).toEqual({ created: 0, updated: 3, conflicts: 0, rejected: [] });
      expect((await itemOf(s.owner, a.id))?.name).toBe('Renamed in the sheet');
      expect(await itemOf(s.owner, b.id)).toMatchObject({ quantity: 4, currentStock: 4 });
      expect((await itemOf(s.owner, c.id))?.status).toBe('maintenance');
      const live = await socket.until(() => {
        const ids = socket.messages.filter((m) => m.type === 'equipment_updated').map((m) => (m.data as Equipment).id);
        return [a.id, b.id, c.id].every((id) => ids.includes(id)) && ids;
      });
      expect(live).toHaveLength(3);
    } finally {
      socket.close();
    }
    // Slices commit without an fsync; the writing connection is back to FULL afterwards (2).
    if (!onPostgres()) {
      expect(server.services.equipment.ctx.sqlite!.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    } else {
      // PostgreSQL: synchronous_commit was off for the slices' own transactions only.
      const pooled = await synchronousCommitOfPooledConnections(server.services.equipment.ctx.store);
      expect(pooled.settings).toEqual(['on']);
      expect(pooled.connections).toBeGreaterThan(1);
    }
    // Pulled again with nothing changed: nothing imported.
    expect((await s.owner.post<SheetSyncResult>('/api/google-sheets/sync-from-sheet')).body.pulled?.updated).toBe(0);
  });

  it('reports a malformed row with its number and imports the good ones; a new row is added', async () => {
    const s = await connectedStation(3);
    const [one, two, three] = s.made;
    fake.setCell(s.sheetId, 'Equipment', rowOf(s.sheetId, one!.id), COL.quantity, 'lots');
    fake.setCell(s.sheetId, 'Equipment', rowOf(s.sheetId, two!.id), COL.code, s.made[2]!.code);
    fake.setCell(s.sheetId, 'Equipment', rowOf(s.sheetId, three!.id), COL.name, 'Good edit');
    fake.setCell(s.sheetId, 'Equipment', 4, COL.name, 'Drone');
    fake.setCell(s.sheetId, 'Equipment', 4, COL.code, 'DRN-1');
    fake.setCell(s.sheetId, 'Equipment', 4, 6, 'Roof');
    fake.setCell(s.sheetId, 'Equipment', 5, COL.id, 'abc');
    const res = await s.owner.post<SheetSyncResult>('/api/google-sheets/sync-from-sheet');
    expect(res.body.pulled).toMatchObject({ created: 1, updated: 1 });
    expect([...(res.body.pulled?.rejected ?? [])].sort((x, y) => x.row - y.row)).toEqual(
      [
        { tab: 'Equipment', row: 6, error: 'ID "abc" is not an equipment ID (leave it empty for a new item)' },
        {
          tab: 'Equipment',
          row: rowOf(s.sheetId, one!.id) + 1,
          error: 'Quantity "lots" must be a whole number written in digits',
        },
        {
          tab: 'Equipment',
          row: rowOf(s.sheetId, two!.id) + 1,
          error: `Equipment code ${s.made[2]!.code} already exists`,
        },
      ].sort((x, y) => x.row - y.row),
    );
    const after = (await s.owner.get<Equipment[]>('/api/equipment')).body;
    expect(after.find((e) => e.id === one!.id)?.quantity).toBe(1);
    expect(after.find((e) => e.id === two!.id)?.code).toBe(two!.code);
    expect(after.find((e) => e.id === three!.id)?.name).toBe('Good edit');
    expect(after.find((e) => e.code === 'DRN-1')).toMatchObject({ name: 'Drone', location: 'Roof', quantity: 1 });
    expect(
      (await logOf(s.owner)).some((e) => e.action === 'google_sheets_pull' && (e.details ?? '').includes('3 rejected')),
    ).toBe(true);
  });

  it('an ID written as a number with an exponent (1e1) is reported, not read as that item', async () => {
    const s = await connectedStation(1);
    const [one] = s.made;
    const index = rowOf(s.sheetId, one!.id);
    fake.setCell(s.sheetId, 'Equipment', index, COL.id, `${one!.id}e0`);
    fake.setCell(s.sheetId, 'Equipment', index, COL.name, 'Via exponent');
    const res = await s.owner.post<SheetSyncResult>('/api/google-sheets/sync-from-sheet');
    expect(res.body.pulled?.rejected).toEqual([
      {
        tab: 'Equipment',
        row: index + 1,
        error: `ID "${one!.id}e0" is not an equipment ID (leave it empty for a new item)`,
      },
    ]);
    expect((await s.owner.get<Equipment[]>('/api/equipment')).body.find((e) => e.id === one!.id)?.name).toBe(one!.name);
  });

  it('a conflict goes to the later Last Modified and the loser is in the activity log', async () => {
    const s = await connectedStation(2);
    const [older, newer] = s.made;
    server.clock.advance(60_000);
    await s.owner.patch(`/api/equipment/${older!.id}`, { name: 'App wins' });
    await s.owner.patch(`/api/equipment/${newer!.id}`, { name: 'App loses' });
    fake.setCell(s.sheetId, 'Equipment', rowOf(s.sheetId, older!.id), COL.name, 'Sheet loses');
    fake.setCell(s.sheetId, 'Equipment', rowOf(s.sheetId, newer!.id), COL.name, 'Sheet wins');
    fake.setCell(
      s.sheetId,
      'Equipment',
      rowOf(s.sheetId, newer!.id),
      COL.modified,
      new Date(server.clock.now().getTime() + 60_000).toISOString(),
    );
    const res = await s.owner.post<SheetSyncResult>('/api/google-sheets/sync-from-sheet');
    expect(res.body.pulled).toMatchObject({ updated: 1, conflicts: 2 });
    expect((await itemOf(s.owner, older!.id))?.name).toBe('App wins');
    expect((await itemOf(s.owner, newer!.id))?.name).toBe('Sheet wins');
    const conflicts = (await logOf(s.owner)).filter((e) => e.action === 'google_sheets_conflict').map((e) => e.details);
    expect(conflicts).toHaveLength(2);
    const [appWon, sheetWon] = [
      conflicts.find((d) => d?.includes(older!.code)),
      conflicts.find((d) => d?.includes(newer!.code)),
    ];
    expect(appWon).toMatch(
      new RegExp(
        `^Google Sheets conflict on ${older!.code}: kept the app's version \\(changed [^;]+; name "App wins"\\), discarded the sheet's row ${rowOf(s.sheetId, older!.id) + 1} \\(Last Modified ${older!.updatedAt}; name "Sheet loses"\\)$`,
      ),
    );
    expect(sheetWon).toMatch(
      /kept the sheet's row \d+ \(Last Modified [^;]+; name "Sheet wins"\), discarded the app's version \(changed [^;]+; name "App loses"\)$/,
    );
  });

  it('retries a 429 with backoff and succeeds', async () => {
    const s = await connectedStation(1);
    await s.owner.patch(`/api/equipment/${s.made[0]!.id}`, { name: 'After quota' });
    const before = fake.calls.length;
    fake.failNext(2, 429);
    const res = await s.owner.post<SheetSyncResult>('/api/google-sheets/sync-to-sheet');
    expect(res.status).toBe(200);
    const statuses = fake.calls.slice(before).map((c) => c.status);
    expect(statuses.slice(0, 3)).toEqual([429, 429, 200]);
    expect(fake.grid(s.sheetId, 'Equipment')[1]?.[COL.name]).toBe('After quota');
  });

  it('a sheet not shared with the service account: the error carries the fix; sharing fixes it', async () => {
    const s = await equipmentStation(server);
    const account = fake.serviceAccount(`perm-${s.companyId}`);
    const sheetId = fake.humanSheet();
    await s.owner.put('/api/google-sheets/settings', { serviceAccountKey: account.keyJson, spreadsheetId: sheetId });
    const fix = `Share the sheet with the service account ${account.email} as Editor.`;
    const status = await s.owner.get<GoogleSheetsStatus>('/api/google-sheets/test');
    expect(status.body).toEqual({
      connected: false,
      syncWorking: false,
      error: `The caller does not have permission. ${fix}`,
    });
    const sync = await s.owner.post<Err>('/api/google-sheets/sync-now');
    expect([sync.status, sync.body.message]).toEqual([400, `The caller does not have permission. ${fix}`]);
    fake.share(sheetId, account.email);
    const noTabs = await s.owner.get<GoogleSheetsStatus>('/api/google-sheets/test');
    expect(noTabs.body).toMatchObject({ connected: true, syncWorking: false });
    expect((await s.owner.post('/api/google-sheets/create-sheet')).status).toBe(200);
    expect((await s.owner.get<GoogleSheetsStatus>('/api/google-sheets/test')).body).toEqual({
      connected: true,
      syncWorking: true,
      error: null,
    });
    expect(fake.grid(sheetId, 'Equipment')[0]?.[0]).toBe('ID');
  });
});

describe('Google Sheets at catalogue scale', () => {
  it('12 000 items are written in blocks and read back in ranges, past blank rows at a range boundary', async () => {
    const s = await connectedStation(0);
    const rows = Array.from({ length: 12_000 }, (_, i) => ({ name: `Item ${i}`, code: `BIG-${i}`, location: 'Store' }));
    for (let i = 0; i < rows.length; i += 6000)
      expect((await s.owner.post('/api/equipment/bulk', { csvData: rows.slice(i, i + 6000) })).status).toBe(200);
    const before = fake.calls.length;
    expect((await s.owner.post<SheetSyncResult>('/api/google-sheets/sync-to-sheet')).body.pushed).toEqual({
      equipment: 12_000,
      requests: 0,
    });
    const writes = fake.calls.slice(before).filter((c) => c.path.endsWith('values:batchUpdate')).length;
    expect(writes).toBe(3); // the headers, then rows 2–10 001, then the rest
    const grid = fake.grid(s.sheetId, 'Equipment');
    expect(grid).toHaveLength(12_001);
    // Ids ascend down the sheet; blank out rows 4 999–5 003 (the first read range ends at row 5 001).
    for (let r = 4998; r <= 5002; r++) for (let c = 0; c < 12; c++) fake.setCell(s.sheetId, 'Equipment', r, c, '');
    for (const r of [4997, 5003, 10_001, 12_000])
      fake.setCell(s.sheetId, 'Equipment', r, COL.name, `Edited row ${r + 1}`);
    fake.setCell(s.sheetId, 'Equipment', 12_001, COL.name, 'Added at the end');
    fake.setCell(s.sheetId, 'Equipment', 12_001, COL.code, 'END-1');
    fake.setCell(s.sheetId, 'Equipment', 12_001, 6, 'Store');
    const pulled = await s.owner.post<SheetSyncResult>('/api/google-sheets/sync-from-sheet');
    expect(pulled.body.pulled).toEqual({ created: 1, updated: 4, conflicts: 0, rejected: [] });
    const names = new Set((await s.owner.get<Equipment[]>('/api/equipment')).body.map((e) => e.name));
    for (const r of [4997, 5003, 10_001, 12_000]) expect(names.has(`Edited row ${r + 1}`)).toBe(true);
    expect(names.has('Added at the end')).toBe(true);
    // Blanked rows deleted nothing; the next write puts them back.
    expect(names.size).toBe(12_001);
    await s.owner.post('/api/google-sheets/sync-to-sheet');
    expect(fake.grid(s.sheetId, 'Equipment').filter((r) => r[0]).length).toBe(12_002);
  }, 60_000);
});

describe('Google Sheets under load', () => {
  it('a double-clicked Create Sheet makes one spreadsheet; 50 parallel syncs all succeed, one at a time', async () => {
    const s = await equipmentStation(server);
    const account = fake.serviceAccount(`load-${s.companyId}`);
    await s.owner.put('/api/google-sheets/settings', { serviceAccountKey: account.keyJson });
    await createEquipment(s.owner, { name: 'Tripod' });
    const sheetsBefore = fake.spreadsheetIds().length;
    const clicks = await Promise.all([1, 2].map(() => s.owner.post<Err>('/api/google-sheets/create-sheet')));
    expect(clicks.map((c) => c.status).sort()).toEqual([200, 409]);
    expect(fake.spreadsheetIds().length).toBe(sheetsBefore + 1);
    const syncs = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        s.owner.post<SheetSyncResult>(`/api/google-sheets/${i % 2 ? 'sync-now' : 'sync-from-sheet'}`),
      ),
    );
    expect(syncs.map((r) => r.status)).toEqual(Array(50).fill(200));
    const sheetId = (await s.owner.get<GoogleSheetsSettings>('/api/google-sheets/settings')).body.spreadsheetId!;
    expect(fake.grid(sheetId, 'Equipment').map((r) => r[COL.name])).toEqual(['Name', 'Tripod']);
  });
});

describe('Google Sheets on its own (debounced push, 30-minute pull)', () => {
  let live: TestServer;
  beforeAll(async () => {
    live = await startTestServer({ googleSheets: { rootUrl: fake.url, pushDebounceMs: 100 } });
  });
  afterAll(() => live.close());

  it('a burst of app edits reaches the sheet as one write; the timer pulls sheet edits in', async () => {
    const s = await connectedStation(1, live);
    const id = s.made[0]!.id;
    // One clear per write of the sheet (a write is a clear and its blocks).
    const writes = () =>
      fake.calls.filter((c) => c.path.startsWith(`/v4/spreadsheets/${s.sheetId}/values:batchClear`)).length;
    const before = writes();
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) await s.owner.patch(`/api/equipment/${id}`, { name });
    await expect.poll(() => fake.grid(s.sheetId, 'Equipment')[1]?.[COL.name], { timeout: 3000 }).toBe('Five');
    await new Promise((r) => setTimeout(r, 300));
    expect(writes()).toBe(before + 1);

    fake.setCell(s.sheetId, 'Equipment', 1, COL.name, 'Edited in the sheet');
    await live.scheduler.runNow('google-sheets-pull');
    expect((await itemOf(s.owner, id))?.name).toBe('Edited in the sheet');
    expect((await s.owner.get<GoogleSheetsSettings>('/api/google-sheets/settings')).body.lastPullAt).not.toBeNull();
  });
});
