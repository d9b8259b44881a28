import { rawUpload } from '../server/modules/app-versions/app-version-test-helpers';
import { ApiClient } from '../server/test/api-client';
import type { FakeSheets } from '../server/test/fake-sheets';
import type { BulkUploadResult } from '../shared/contracts/equipment';
import type { SheetSyncResult } from '../shared/contracts/google-sheets';
import { benchAbusiveReaders } from './abusive-readers';
import { cgWrites } from './equipment-bulk';
import { ServerCpu } from './server-cpu';
import { summarize, type Summary } from './stats';

/**
 * Issue 24 "air first": an operator's CG write (every 20 ms) while each heavy load a user can
 * start runs, against the same writes with nothing running — quiet and loaded blocks alternate
 * per round, so both see the same machine state. One row per load; the target is ratio ≤ 1.5.
 */
export interface UnderLoadRow {
  load: string;
  quietP99: number;
  loadedP99: number;
  ratio: number;
  quiet: Summary;
  loaded: Summary;
  /**
   * CPU the server's main (air) thread spent during the loaded blocks, and the whole process
   * (workers, libuv pool) — from /proc when `pid` is given. Unlike latency on a shared VM, this
   * shows directly how much of a load's work still runs on the air thread.
   */
  airCpuMs?: number;
  processCpuMs?: number;
}

export interface UnderLoadContext {
  /** The Sheets API stand-in the server was started against (GOOGLE_SHEETS_ROOT_URL). */
  sheets: FakeSheets;
  /** The server's pid (Linux): adds airCpuMs / processCpuMs to each row. */
  pid?: number;
  /** Rounds per load (quiet block + loaded block each); default 4. */
  rounds?: number;
  /** Only these loads (logins, readers, import, sheets, upload); default all. */
  only?: string[];
  /** Called with each row as it is measured (a failure later keeps the earlier figures). */
  onRow?: (row: UnderLoadRow) => void;
}

const IMPORT_ROWS = 10_000;
const CATALOGUE = 100_000;
/** Just under the 500 MB limit (rawUpload sends whole MiB chunks). */
const UPLOAD_BYTES = 499 * 1024 * 1024;
/** The debounced pull + push that follows a pull's own changes (5 s, then seconds at 100 000 items) must not overlap a quiet block. */
const SETTLE_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Quiet block, then a loaded block lasting as long as `load(round)` runs; `rounds` times. */
let serverPid: number | undefined;

async function interleaved(
  api: ApiClient,
  name: string,
  rounds: number,
  load: (round: number) => Promise<unknown>,
  between = 0,
) {
  const quiet: number[] = [];
  const loaded: number[] = [];
  const cpu = new ServerCpu(serverPid);
  for (let r = 0; r < rounds; r++) {
    quiet.push(...(await cgWrites(api, `Quiet ${name} ${r}`, null, 30)));
    await cpu.during(async () => {
      const running = load(r);
      loaded.push(...(await cgWrites(api, `During ${name} ${r}`, running)));
      await running;
    });
    if (between) await sleep(between);
  }
  return { quiet: summarize(quiet), loaded: summarize(loaded), ...cpu.totals() };
}

function row(
  load: string,
  s: { quiet: Summary; loaded: Summary; airCpuMs?: number; processCpuMs?: number },
): UnderLoadRow {
  return {
    load,
    quietP99: s.quiet.p99,
    loadedP99: s.loaded.p99,
    ratio: Math.round((s.loaded.p99 / s.quiet.p99) * 100) / 100,
    ...s,
  };
}

async function accounts(api: ApiClient, count: number): Promise<ApiClient[]> {
  const clients: ApiClient[] = [];
  for (let i = 0; i < count; i++) {
    const username = `underload-${Date.now().toString(36)}-${i}`;
    const res = await api.post('/api/users', {
      username,
      password: 'bench-password',
      fullName: `Login ${i}`,
      role: 'editor',
    });
    if (res.status !== 201) throw new Error(`create account failed: ${res.status}`);
    const client = new ApiClient(api.baseUrl);
    (client as ApiClient & { username?: string }).username = username;
    clients.push(client);
  }
  return clients;
}

/** 8 people logging in at the same moment, 10 times over (each burst waits for all 8). */
async function loginBursts(clients: ApiClient[]): Promise<void> {
  for (let b = 0; b < 10; b++) {
    await Promise.all(
      clients.map(async (c) => {
        const username = (c as ApiClient & { username?: string }).username;
        const res = await c.post('/api/auth/login', { username, password: 'bench-password' });
        if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
      }),
    );
  }
}

/** The JSON a browser posts for a 10 000-row CSV (the shapes bench/equipment-bulk.ts uses). */
function importBody(prefix: string): string {
  const csvData = Array.from({ length: IMPORT_ROWS }, (_, i) => ({
    name: `Camera body ${i}`,
    code: `${prefix}-${i}`,
    description: `4K camcorder, kit ${i % 50}`,
    location: `Store ${i % 12}`,
    status: 'available',
    category: 'Camera',
    condition: 'good',
    quantity: i % 7 === 0 ? '' : String((i % 5) + 1),
  }));
  return JSON.stringify({ csvData });
}

async function importOnce(api: ApiClient, json: string): Promise<void> {
  const res = await api.request<BulkUploadResult>('POST', '/api/equipment/bulk', json);
  if (res.status !== 200 || res.body.results.success !== IMPORT_ROWS)
    throw new Error(`bulk import failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
}

async function sync(api: ApiClient, action: 'sync-from-sheet' | 'sync-to-sheet'): Promise<SheetSyncResult> {
  const res = await api.post<SheetSyncResult>(`/api/google-sheets/${action}`);
  if (res.status !== 200) throw new Error(`${action} failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}

/**
 * Rows: CG write p99 quiet vs under 8 logins, 8 heavy readers, a 10 000-row import (the imports
 * also build the 100 000-item catalogue), a 100 000-item pull and push, a 500 MB upload.
 * `api` is signed in as an owner of a company with no equipment yet.
 */
export async function cgUnderLoads(api: ApiClient, ctx: UnderLoadContext): Promise<UnderLoadRow[]> {
  const rounds = ctx.rounds ?? 4;
  serverPid = ctx.pid;
  const rows: UnderLoadRow[] = [];
  const add = (r: UnderLoadRow) => {
    rows.push(r);
    ctx.onRow?.(r);
  };
  const wanted = (name: string) => !ctx.only?.length || ctx.only.includes(name);
  if (wanted('logins')) await loginRow(api, rounds, add);
  if (wanted('readers')) add(row('8 users looping the heaviest reads', await benchAbusiveReaders(api, rounds, 50)));
  if (wanted('import')) await importRow(api, add);
  if (wanted('sheets')) await sheetRows(api, ctx.sheets, rounds, add);
  if (wanted('upload')) await uploadRow(api, rounds, add);
  return rows;
}

type Add = (row: UnderLoadRow) => void;

async function loginRow(api: ApiClient, rounds: number, add: Add): Promise<void> {
  const people = await accounts(api, 8);
  add(row('8 concurrent logins (×10 bursts)', await interleaved(api, 'logins', rounds, () => loginBursts(people))));
}

/** Ten imports: they also build the 100 000-item catalogue the Sheets loads work on. */
async function importRow(api: ApiClient, add: Add): Promise<void> {
  const stamp = Date.now().toString(36);
  const imports = Math.ceil(CATALOGUE / IMPORT_ROWS);
  const bodies = (r: number) => importBody(`UL${stamp}${r}`);
  add(
    row(
      `${IMPORT_ROWS.toLocaleString('en')}-row bulk import`,
      await interleaved(api, 'import', imports, (r) => importOnce(api, bodies(r))),
    ),
  );
}

async function sheetRows(api: ApiClient, sheets: FakeSheets, rounds: number, add: Add): Promise<void> {
  const stamp = Date.now().toString(36);
  const account = sheets.serviceAccount(`underload${stamp}`);
  await api.put('/api/google-sheets/settings', { serviceAccountKey: account.keyJson });
  const created = await api.post<{ spreadsheetId: string }>('/api/google-sheets/create-sheet');
  if (created.status !== 200)
    throw new Error(`create-sheet failed: ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
  const sheetId = created.body.spreadsheetId;
  await sleep(SETTLE_MS);
  const pullRounds = Math.max(2, Math.floor(rounds / 2));
  const pull = await interleaved(
    api,
    'pull',
    pullRounds,
    (r) => {
      // 1 000 rows edited in the sheet, the other 99 000 compared by hash.
      const grid = sheets.grid(sheetId, 'Equipment');
      for (let i = 1; i <= 1000 && i < grid.length; i++)
        sheets.setCell(sheetId, 'Equipment', i * 97, 1, `${grid[i * 97]?.[1] ?? ''} p${r}`);
      return sync(api, 'sync-from-sheet');
    },
    SETTLE_MS,
  );
  add(row(`sync from sheet, ${CATALOGUE.toLocaleString('en')} rows (1 000 edited)`, pull));
  add(
    row(
      `sync to sheet, ${CATALOGUE.toLocaleString('en')} items`,
      await interleaved(api, 'push', pullRounds, () => sync(api, 'sync-to-sheet'), SETTLE_MS),
    ),
  );
}

async function uploadRow(api: ApiClient, rounds: number, add: Add): Promise<void> {
  const upload = async () => {
    const res = await rawUpload(api.baseUrl, api.token!, { size: UPLOAD_BYTES, name: 'CGBridgeSetup.zip' });
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`upload failed: ${res.status} ${res.body.slice(0, 300)}`);
  };
  add(row('500 MB installer upload', await interleaved(api, 'upload', Math.max(2, Math.floor(rounds / 2)), upload)));
}

export function formatUnderLoadRow(r: UnderLoadRow): string {
  return `| CG write every 20 ms under: ${r.load} | ${r.quiet.n} / ${r.loaded.n} | ${r.quiet.p50} / ${r.loaded.p50} | ${r.quietP99} / ${r.loadedP99} | ${r.quiet.max} / ${r.loaded.max} | ratio ${r.ratio} (≤ 1.5)${r.airCpuMs === undefined ? '' : `; CPU air thread ${r.airCpuMs} ms of ${r.processCpuMs} ms`} |`;
}
