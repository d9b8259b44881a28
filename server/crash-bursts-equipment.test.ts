import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkUploadResult, Equipment } from '../shared/contracts/equipment';
import type { SheetSyncResult } from '../shared/contracts/google-sheets';
import { Burst, CrashRig, killDelay } from './crash-bursts-harness';
import type { ApiClient } from './test/api-client';
import { startFakeSheets, type FakeSheets } from './test/fake-sheets';

/**
 * Issue 24, the long equipment jobs: SIGKILL during bulk imports and during a Google Sheets pull
 * (both commit in slices, lib/time-slices.ts). An acknowledged job is wholly there; a job cut by
 * the kill left some of its rows and nothing else, and running it again completes it.
 */
const ROUNDS = 3;
const ROWS = 600;
/** A pull is ~1 ms a row here: 300 rows give the kill a few hundred ms inside it. */
const SHEET_ROWS = 300;
let fake: FakeSheets;
let rig: CrashRig;
beforeAll(async () => {
  fake = await startFakeSheets();
  rig = await new CrashRig({ GOOGLE_SHEETS_ROOT_URL: fake.url }).start();
});
afterAll(async () => {
  await rig.stop();
  await fake.close();
});

const equipment = async (api: ApiClient) => (await api.get<Equipment[]>('/api/equipment')).body;
const rowsOf = (batch: string, rows = ROWS) =>
  Array.from({ length: rows }, (_, i) => ({
    name: `Item ${batch} ${i}`,
    code: `${batch}-${String(i).padStart(4, '0')}`,
    location: 'Store',
  }));

describe('SIGKILL during long equipment jobs', () => {
  it(
    'bulk import: acknowledged uploads complete, the cut one partial and completed by uploading it again',
    { timeout: 90_000 },
    async () => {
      const present = new Set<string>();
      let burst: Burst<string> | null = null;
      rig.check(async ({ api }) => {
        const codes = new Set((await equipment(api)).map((e) => e.code).filter((c) => /^R\d-B\d+-/.test(c)));
        for (const batch of burst?.acked ?? []) rowsOf(batch).forEach((r) => present.add(r.code));
        for (const code of present) expect(codes.has(code), `acknowledged ${code}`).toBe(true);
        const cut = burst?.inFlight ? new Set(rowsOf(burst.inFlight).map((r) => r.code)) : new Set<string>();
        for (const code of codes) if (!present.has(code)) expect(cut.has(code), `${code} was never sent`).toBe(true);
        if (burst?.inFlight) {
          // The same file again: the rows the crash kept are "already exists", the rest go in.
          const again = await api.post<{ results: BulkUploadResult['results'] }>('/api/equipment/bulk', {
            csvData: rowsOf(burst.inFlight),
          });
          const kept = [...codes].filter((c) => cut.has(c)).length;
          expect([again.status, again.body.results.success, again.body.results.failed]).toEqual([
            200,
            ROWS - kept,
            kept,
          ]);
          cut.forEach((c) => present.add(c));
        }
        burst = null;
      });
      let acked = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const b = (burst = new Burst(
          `import r${round}`,
          (i) => `R${round}-B${i}`,
          (batch) => rig.api.post('/api/equipment/bulk', { csvData: rowsOf(batch) }),
        ));
        await rig.crashDuring(killDelay(round, 400), [b], () => b.acked.length >= round);
        acked += b.acked.length;
      }
      expect(acked + present.size, 'no import ran before the kills').toBeGreaterThan(0);
      expect((await equipment(rig.api)).filter((e) => /^R\d-B\d+-/.test(e.code))).toHaveLength(present.size);
    },
  );

  it(
    'Sheets pull: an acknowledged pull is all there; a cut one is some rows, and pulling again brings the rest',
    { timeout: 90_000 },
    async () => {
      const account = fake.serviceAccount('crash');
      expect((await rig.api.put('/api/google-sheets/settings', { serviceAccountKey: account.keyJson })).status).toBe(
        200,
      );
      expect((await rig.api.post('/api/equipment/bulk', { csvData: rowsOf('SHEET', SHEET_ROWS) })).status).toBe(200);
      const created = await rig.api.post<{ spreadsheetId: string }>('/api/google-sheets/create-sheet');
      expect(created.status).toBe(200);
      const sheetId = created.body.spreadsheetId;
      const ids = new Map((await equipment(rig.api)).filter((e) => e.code.startsWith('SHEET-')).map((e) => [e.id, e]));
      const names = new Map([...ids.values()].map((e) => [e.id, e.name]));
      const pulls: Burst<number>[] = [];
      let edited = new Map<number, string>();
      rig.check(async ({ api }) => {
        const burst = pulls.pop();
        const now = new Map((await equipment(api)).filter((e) => ids.has(e.id)).map((e) => [e.id, e.name]));
        for (const [id, name] of names) {
          const options = burst?.acked.length ? [edited.get(id)] : [name, ...(burst ? [edited.get(id)] : [])];
          expect(options, `item ${id}`).toContain(now.get(id));
        }
        if (burst && !burst.acked.length) {
          const again = await api.post<SheetSyncResult>('/api/google-sheets/sync-from-sheet');
          expect(again.status).toBe(200);
          const after = new Map((await equipment(api)).filter((e) => ids.has(e.id)).map((e) => [e.id, e.name]));
          for (const id of names.keys()) expect(after.get(id), `item ${id} after pulling again`).toBe(edited.get(id));
        }
        if (burst) edited.forEach((name, id) => names.set(id, name));
      });
      let cut = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        const grid = fake.grid(sheetId, 'Equipment');
        edited = new Map();
        grid.forEach((row, i) => {
          const id = Number(row[0]);
          if (!ids.has(id)) return;
          edited.set(id, `${ids.get(id)!.code} pulled r${round}`);
          fake.setCell(sheetId, 'Equipment', i, 1, edited.get(id)!);
        });
        expect(edited.size).toBe(SHEET_ROWS);
        const b = new Burst(
          `pull r${round}`,
          () => round,
          () => rig.api.post('/api/google-sheets/sync-from-sheet'),
        );
        pulls.push(b);
        // Round 1 lets its pull be acknowledged (the kill then lands in the next, idle one).
        await rig.crashDuring(killDelay(round, 500), [b], () => round !== 1 || b.acked.length > 0);
        cut += b.acked.length ? 0 : 1;
      }
      expect(cut, 'no kill landed inside a pull').toBeGreaterThan(0);
    },
  );
});
