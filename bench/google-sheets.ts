import type { ApiClient } from '../server/test/api-client';
import type { FakeSheets } from '../server/test/fake-sheets';
import type { SheetSyncResult } from '../shared/contracts/google-sheets';
import { cgWrites } from './equipment-bulk';
import { formatRow, nowMs, summarize, type Summary } from './stats';

/**
 * Issue 15: Sync from Sheet with 1 000 rows edited (1 000 updates through the equipment service)
 * and Sync to Sheet of the whole catalogue, each timed; and an operator's CG write every 20 ms
 * during each against the same writes with no sync — quiet and loaded blocks alternate.
 * The fake Sheets API runs in this (the bench) process, so its HTTP work is not the server's.
 */
const ITEMS = 1000;
/** The server's debounced write follows 5 s after the pull's own changes; let it pass between rounds. */
const SETTLE_MS = 5_500;

async function sync(
  api: ApiClient,
  action: 'sync-from-sheet' | 'sync-to-sheet',
  expect: (r: SheetSyncResult) => boolean,
): Promise<number> {
  const started = nowMs();
  const res = await api.post<SheetSyncResult>(`/api/google-sheets/${action}`);
  const ms = nowMs() - started;
  if (res.status !== 200 || !expect(res.body))
    throw new Error(`${action} failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return ms;
}

export interface GoogleSheetsResult {
  items: number;
  sheetRows: number;
  pulls: Summary;
  pushes: Summary;
  quiet: Summary;
  duringPull: Summary;
  duringPush: Summary;
}

export async function benchGoogleSheets(api: ApiClient, fake: FakeSheets, rounds = 3): Promise<GoogleSheetsResult> {
  const account = fake.serviceAccount('bench');
  await api.put('/api/google-sheets/settings', { serviceAccountKey: account.keyJson });
  const stamp = Date.now().toString(36);
  const csvData = Array.from({ length: ITEMS }, (_, i) => ({
    name: `Sheet item ${i}`,
    code: `GS${stamp}-${i}`,
    location: 'Store',
  }));
  await api.post('/api/equipment/bulk', { csvData });
  const created = await api.post<{ spreadsheetId: string }>('/api/google-sheets/create-sheet');
  const sheetId = created.body.spreadsheetId;
  await new Promise((r) => setTimeout(r, SETTLE_MS));

  let sheetRows = 0;
  const pulls: number[] = [];
  const pushes: number[] = [];
  const quiet: number[] = [];
  const loaded: number[] = [];
  const duringPush: number[] = [];
  for (let r = 0; r < rounds; r++) {
    quiet.push(...(await cgWrites(api, `Quiet sheets ${r}`, null)));
    // Only this bench's items: in `npm run bench` the company also holds the bulk import's 100 000.
    const grid = fake.grid(sheetId, 'Equipment');
    grid.forEach(
      (row, i) => row[2]?.startsWith(`GS${stamp}-`) && fake.setCell(sheetId, 'Equipment', i, 1, `${row[1]} r${r}`),
    );
    sheetRows = grid.length - 1;
    const started = nowMs();
    const running = sync(api, 'sync-from-sheet', (b) => (b.pulled?.updated ?? 0) >= ITEMS);
    loaded.push(...(await cgWrites(api, `During pull ${r}`, running)));
    await running;
    pulls.push(nowMs() - started);
    const pushStarted = nowMs();
    const pushing = sync(api, 'sync-to-sheet', (b) => b.pushed?.equipment !== undefined);
    duringPush.push(...(await cgWrites(api, `During push ${r}`, pushing)));
    await pushing;
    pushes.push(nowMs() - pushStarted);
    await new Promise((res) => setTimeout(res, SETTLE_MS));
  }
  return {
    items: ITEMS,
    sheetRows,
    pulls: summarize(pulls),
    pushes: summarize(pushes),
    quiet: summarize(quiet),
    duringPull: summarize(loaded),
    duringPush: summarize(duringPush),
  };
}

/** The same as text rows (bench/google-sheets-alone.ts). */
export async function googleSheetsRows(api: ApiClient, fake: FakeSheets, rounds = 3): Promise<string[]> {
  const r = await benchGoogleSheets(api, fake, rounds);
  return [
    formatRow(
      `POST /api/google-sheets/sync-from-sheet, ${ITEMS.toLocaleString('en')} of ${r.sheetRows.toLocaleString('en')} rows edited`,
      r.pulls,
      '',
    ),
    formatRow(
      `POST /api/google-sheets/sync-to-sheet, ${r.sheetRows.toLocaleString('en')} items (after the pull)`,
      r.pushes,
      '',
    ),
    formatRow('CG write every 20 ms, no sync (interleaved baseline)', r.quiet, ''),
    formatRow(`CG write every 20 ms while a ${ITEMS.toLocaleString('en')}-row pull runs`, r.duringPull, 'p99 ≤ 20'),
    formatRow(
      `CG write every 20 ms while sync-to-sheet runs (${r.sheetRows.toLocaleString('en')} rows)`,
      r.duringPush,
      'p99 ≤ 20',
    ),
  ];
}
