import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../server/config';
import { startFakeSheets, type FakeSheets } from '../server/test/fake-sheets';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { ensureRendererBuilt } from './bundle-size';
import {
  failedRow,
  gitCommit,
  loadRow,
  loadRowToBench,
  machine,
  summaryRow,
  writeResults,
  type BenchRow,
  type LoadRow,
} from './results';
import { startFeedsProcess } from './feeds-process';
import { benchWires } from './wires';
import { backupRows, BACKUP, prepareBackupStore, quietBackups } from './backup';
import { DB_MOVE, dbMoveRows } from './db-move';
import { LISTS_PG, listsPgRows } from './lists-pg';
import { TWO_SERVERS, twoServersRows } from './two-servers';
import { newsListRows } from './news-list-load';
import { seedNews } from './seed';
import { nowMs } from './stats';
import { machineLine, rowLines, TABLE_HEADER } from './table';
import { LOADS, MEASURED_LOADS, prompterRows, type LoadContext } from './table-loads';
import { overlayRows } from './table-overlay';
import { outputsRows } from './outputs';
import {
  bundleRow,
  COSTS,
  fanoutRows,
  hotPathRows,
  listRows,
  loginCostRow,
  rssRow,
  signIn,
  spawnRepeatedly,
  STARTUP,
  startupRows,
} from './table-sections';

/**
 * `npm run bench [-- --only hot,lists] [-- --out FILE]`: the targets of docs/design-rules.md §7 against a
 * real server process (100 000 articles seeded), printed as ONE markdown table while measured,
 * then written to bench/results.json with the machine, date and commit. A section that throws
 * becomes a "failed" row and the run goes on, so one failure does not lose the other figures.
 */
const SECTIONS = [
  'startup',
  'hot',
  'fanout',
  'lists',
  'loads',
  'newslist',
  'wires',
  'prompter',
  'overlay',
  'outputs',
  'backup',
  'move',
  'lists-pg',
  'two-servers',
  'memory',
] as const;
type Section = (typeof SECTIONS)[number];

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
}
const only = arg('only')?.split(',') ?? [...SECTIONS];
const wanted = (s: Section) => only.includes(s);
/** Sections that need no built web UI: a run of only these skips the renderer build. */
const WITHOUT_UI: readonly string[] = ['backup', 'newslist', 'move', 'lists-pg', 'two-servers'];

/** Streams rows as they are measured, under one header, and keeps them for results.json. */
class Table {
  readonly rows: BenchRow[] = [];

  constructor(title: string) {
    process.stdout.write([title, '', ...TABLE_HEADER].join('\n') + '\n');
  }

  add(rows: BenchRow[]): void {
    const lines = rowLines(rows, this.rows.at(-1)?.section ?? null);
    this.rows.push(...rows);
    if (lines.length) process.stdout.write(lines.join('\n') + '\n');
  }

  async section(name: string, measure: () => Promise<BenchRow[]>): Promise<void> {
    try {
      this.add(await measure());
    } catch (err) {
      process.stderr.write(
        `bench section "${name}" failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      this.add([failedRow(name, err)]);
    }
  }
}

async function main(): Promise<void> {
  const started = nowMs();
  const loadBefore = Math.round(os.loadavg()[0]! * 100) / 100;
  const commit = gitCommit(); // what is measured: the tree as the run starts
  // Before any server runs: the build's CPU stays out of the figures (a build mid-run once
  // coincided with the server going away).
  if (!only.every((s) => WITHOUT_UI.includes(s))) ensureRendererBuilt();
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bench-'));
  await (await spawnServer(baseDir)).kill(); // first run: creates the schema and the owner
  seedNews(baseDir, 100_000);
  // Issue 41: the backup section's own server, on a copy of this store plus 100 000 equipment items.
  // Issue 42: the move to PostgreSQL copies the same store (after the backup section, its server stopped).
  const backupStore = wanted('backup') || wanted('move') ? prepareBackupStore(baseDir) : null;
  const startups = wanted('startup') ? await spawnRepeatedly(baseDir, 4) : { ready: [], spawned: [] };
  // The Sheets API stand-in lives in this (the load generator's) process, as Google would elsewhere.
  const sheets = await startFakeSheets();
  // No backup of the server's own mid-run (start-up and first scheduled one, ~60 s in): it is measured on its own.
  const server = await spawnServer(baseDir, { GOOGLE_SHEETS_ROOT_URL: sheets.url, ...quietBackups(baseDir) });
  watchServer(server);
  // Whatever a measurement leaves unhandled, the finally below must still stop the server.
  process.on('unhandledRejection', (err) =>
    process.stderr.write(`bench: unhandled rejection: ${err instanceof Error ? err.message : String(err)}\n`),
  );
  const table = new Table(
    `CG Bridge benchmark — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version} (times in ms)`,
  );
  try {
    await measure(table, server, baseDir, sheets, startups, backupStore);
  } finally {
    // A failed measurement must not leave the server running (it holds a port and CPU).
    stopping = true;
    await server.kill();
    await sheets.close();
    fs.rmSync(baseDir, { recursive: true, force: true });
    if (backupStore) fs.rmSync(backupStore, { recursive: true, force: true });
  }
  const results = {
    machine: machine(loadBefore),
    date: new Date().toISOString(),
    commit,
    durationS: Math.round((nowMs() - started) / 1000),
    rows: table.rows,
  };
  const out = arg('out') ?? path.join(REPO_ROOT, 'bench', 'results.json');
  writeResults(out, results);
  process.stdout.write(
    `\n${machineLine(results)}; ${results.durationS} s; written to ${path.relative(process.cwd(), out)}\n`,
  );
  if (table.rows.some((r) => r.verdict === 'failed')) process.exitCode = 1;
}

/** A server that dies mid-run says so (with its last words), instead of only "fetch failed" rows. */
function watchServer(server: SpawnedServer): void {
  let tail = '';
  server.child.stderr?.on('data', (c: Buffer) => (tail = (tail + c.toString()).slice(-2000)));
  server.child.once('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`bench: the server exited (code ${code}, signal ${signal}): ${tail}\n`);
  });
}
let stopping = false;

async function measure(
  table: Table,
  server: SpawnedServer,
  baseDir: string,
  sheets: FakeSheets,
  startups: { ready: number[]; spawned: number[] },
  backupStore: string | null,
) {
  const api = await signIn(server.url);
  if (wanted('startup')) {
    table.add(startupRows(startups, server));
    await table.section(STARTUP, async () => [await rssRow(STARTUP, 'after start', server, api)]);
    await table.section(STARTUP, () => Promise.resolve([bundleRow()]));
  }
  if (wanted('hot')) await table.section('hot path', () => hotPathRows(api, baseDir));
  if (wanted('fanout')) await table.section('fan-out', () => fanoutRows(api, baseDir, server.pid, 1000));
  if (wanted('lists')) await table.section('lists', () => listRows(api));
  if (wanted('loads') || wanted('wires'))
    await loadSections(table, { api, serverPid: server.pid, sheets }, server.url, {
      others: wanted('loads'),
      wires: wanted('wires'),
    });
  // Issue 40: the newsroom's unpaged list reloaded in a loop (`--only newslist` runs it alone). After
  // the lists and loads: its 1 000 new full-size stories become the station's newest.
  if (wanted('newslist')) await table.section(LOADS, () => newsListRows(api, server.pid));
  if (wanted('prompter')) await table.section('prompter', () => prompterRows(api));
  if (wanted('overlay')) await table.section('HTML overlay', () => overlayRows(api));
  if (wanted('outputs'))
    await table.section('outputs', () => outputsRows(api, baseDir, undefined, undefined, server.pid));
  // Its own server (stopped when done); the measured server sits idle meanwhile.
  if (backupStore && wanted('backup')) await table.section(BACKUP, () => backupRows(backupStore));
  if (backupStore && wanted('move')) await table.section(DB_MOVE, () => dbMoveRows(backupStore));
  if (wanted('lists-pg')) await table.section(LISTS_PG, () => listsPgRows()); // its own two stores and servers
  if (wanted('two-servers')) await table.section(TWO_SERVERS, () => twoServersRows()); // its own cluster and three servers
  if (wanted('memory'))
    await table.section('Memory at the end', async () => [
      await rssRow('Memory at the end', 'after the whole run', server, api),
    ]);
}

/** bench/under-load.ts (issue 24, another branch): `cgUnderLoads(api, { sheets, onRow })` → LoadRow[]. */
type CgUnderLoads = (
  api: LoadContext['api'],
  ctx: { sheets: LoadContext['sheets']; onRow?: (row: LoadRow) => void },
) => Promise<LoadRow[]>;

/** Loaded by file so this runner works before and after that file is merged. */
async function findCgUnderLoads(): Promise<CgUnderLoads | null> {
  const file = path.join(REPO_ROOT, 'bench', 'under-load.ts');
  if (!fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as { cgUnderLoads?: unknown };
  return typeof mod.cgUnderLoads === 'function' ? (mod.cgUnderLoads as CgUnderLoads) : null;
}

/**
 * CG under each load (bench/under-load.ts when present, else the older benches) and under the wires
 * polls (`--only wires` runs that one alone, on the same seeded server), then what the loads cost.
 */
async function loadSections(
  table: Table,
  ctx: LoadContext,
  url: string,
  which: { others: boolean; wires: boolean },
): Promise<void> {
  const costs: BenchRow[] = [];
  if (which.others) await otherLoads(table, ctx, costs);
  if (which.wires) await wiresLoad(table, ctx, costs);
  await table.section(COSTS, async () => [await loginCostRow(url), ...costs]);
}

async function otherLoads(table: Table, ctx: LoadContext, costs: BenchRow[]): Promise<void> {
  const cgUnderLoads = await findCgUnderLoads();
  if (cgUnderLoads) {
    await table.section(LOADS, async () => {
      await cgUnderLoads(ctx.api, { sheets: ctx.sheets, onRow: (row) => table.add([loadRowToBench(LOADS, row)]) });
      return [];
    });
  } else {
    for (const measureLoad of MEASURED_LOADS) {
      await table.section(LOADS, async () => {
        const measured = await measureLoad(ctx);
        costs.push(...measured.flatMap((m) => m.costs));
        return measured.map((m) => loadRowToBench(LOADS, m.load));
      });
    }
  }
}

/** Issue 26: every feed of the station polled at once (the feed server in its own process). */
async function wiresLoad(table: Table, ctx: LoadContext, costs: BenchRow[]): Promise<void> {
  await table.section(LOADS, async () => {
    const feeds = await startFeedsProcess();
    try {
      const w = await benchWires(ctx.api, feeds.url);
      costs.push(summaryRow(COSTS, `${w.feeds} feeds × ${w.items} new items polled at once`, w.polls));
      return [
        loadRowToBench(LOADS, loadRow(`${w.feeds} wire feeds polling (${w.items} new items each)`, w.quiet, w.loaded)),
      ];
    } finally {
      await feeds.close();
    }
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
