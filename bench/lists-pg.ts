import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../server/config';
import { moveToPostgres } from '../server/db/move/move-to-postgres';
import { ApiClient } from '../server/test/api-client';
import { startPgCluster, type PgCluster } from '../server/test/pg-cluster';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { quietBackups } from './backup';
import {
  asRunCursor,
  binSomeNews,
  LATIN_WORD,
  seedActivityLogs,
  seedAsRun,
  seedWires,
  THAANA_WORD,
} from './lists-seed';
import { p99AtMost, summaryRow, type BenchRow } from './results';
import { seedEquipment, seedNews } from './seed';
import { nowMs, summarize, type Summary } from './stats';
import { signIn } from './table-sections';

/**
 * Issue 42: "lists at 100 000 rows, p99 ≤ 20 ms on both stores". One station (100 000 each of
 * articles, equipment items, activity entries, as-run rows and wire items; one article in 100 in
 * the bin) seeded into SQLite, moved to a throwaway PostgreSQL cluster (fsync on) with the move
 * the owner runs, then the list calls users make timed on a server on each store, interleaved
 * (SQLite block, PostgreSQL block, …) so the shared machine's drift falls on both alike, each
 * call through the next of 12 sessions (one session may read 50 a second: server/lib/read-rate.ts).
 * Each block starts with one untimed call, so the blocks measure the list as it runs between
 * changes; the one row "after a save" saves a story (untimed) before every call.
 * `npx tsx bench/lists-pg.ts [blocks] [perBlock]`; `npm run bench -- --only lists-pg`.
 */
export const LISTS_PG = 'Lists at 100 000 rows on both stores (SQLite and PostgreSQL, interleaved)';
const ROWS = 100_000;
const TARGET_MS = 20;
const SESSIONS = 12;
const BIG_TABLES = ['news', 'equipment', 'activity_logs', 'as_run', 'wire_items'];

interface Engine {
  name: 'SQLite' | 'PostgreSQL';
  server: SpawnedServer;
  owner: ApiClient;
  pool: ApiClient[];
  next: number;
  /** Drafts of the first page: the stories the "after a save" row saves. */
  drafts: number[];
}

export interface ListCall {
  what: string;
  /** Share of perBlock calls per block: the whole catalogue takes far longer than a page. */
  share: number;
  path: (i: number) => string;
  /** Untimed, before each timed call. */
  before?: (e: Engine, i: number) => Promise<void>;
}

export interface ListFigures {
  what: string;
  sqlite: Summary;
  postgres: Summary;
}

export function calls(asRunDeep: string, binned: number): ListCall[] {
  const wires = (search: string) => `/api/wires?search=${encodeURIComponent(search)}&page=1`;
  return [
    {
      what: 'News, drafts page 1 (20; answered from the list cache between changes)',
      share: 1,
      path: () => '/api/news?status=draft&page=1&limit=20',
    },
    {
      what: 'News, drafts page 1 just after a story is saved (list and count read again)',
      share: 0.4,
      path: () => '/api/news?status=draft&page=1&limit=20',
      before: async (e, i) => {
        const res = await e.owner.put(`/api/news/${e.drafts[i % e.drafts.length]}`, { subtitle: `Saved ${i}` });
        if (res.status !== 200) throw new Error(`news save on ${e.name}: ${res.status}`);
      },
    },
    {
      what: 'News, drafts deep page (page 1 000 + i of 20: OFFSET ≥ 20 000)',
      share: 1,
      path: (i) => `/api/news?status=draft&page=${1000 + i}&limit=20`,
    },
    { what: `Recycle bin (${binned} deleted articles, one list)`, share: 0.4, path: () => '/api/news/recycle-bin' },
    {
      what: 'Activity history page 1 (50, with the total)',
      share: 1,
      path: () => '/api/activity-logs?page=1&limit=50',
    },
    {
      what: 'Activity history page 1 000 + i (OFFSET ≥ 50 000)',
      share: 1,
      path: (i) => `/api/activity-logs?page=${1000 + (i % 900)}&limit=50`,
    },
    { what: 'As-run page 1 (50)', share: 1, path: () => '/api/as-run' },
    { what: 'As-run filtered by type (ticker), page 1', share: 1, path: () => '/api/as-run?type=ticker' },
    {
      what: 'As-run 50 000 rows back (keyset cursor)',
      share: 1,
      path: () => `/api/as-run?before=${encodeURIComponent(asRunDeep)}`,
    },
    { what: 'Wires page 1 (50, with the total)', share: 1, path: () => '/api/wires?page=1' },
    { what: `Wires search, Latin ("${LATIN_WORD}", 1 item in 10)`, share: 0.4, path: () => wires(LATIN_WORD) },
    { what: `Wires search, Thaana ("${THAANA_WORD}", 1 item in 10)`, share: 0.4, path: () => wires(THAANA_WORD) },
    {
      what: 'Equipment, the whole catalogue (the API has no pages: 100 000 items)',
      share: 0.04,
      path: () => '/api/equipment',
    },
  ];
}

/** One GET through the engine's next session; its time in ms. */
async function timed(e: Engine, url: string): Promise<number> {
  const api = e.pool[e.next++ % e.pool.length]!;
  const started = nowMs();
  const res = await api.get(url);
  const ms = nowMs() - started;
  if (res.status !== 200)
    throw new Error(`GET ${url} on ${e.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  return ms;
}

async function engine(name: Engine['name'], server: SpawnedServer): Promise<Engine> {
  const owner = await signIn(server.url);
  const pool: ApiClient[] = [];
  for (let i = 0; i < SESSIONS; i++) pool.push(new ApiClient(server.url, (await signIn(server.url)).token));
  const first = await owner.get<{ items: Array<{ id: number }> }>('/api/news?status=draft&page=1&limit=20');
  return { name, server, owner, pool, next: 0, drafts: first.body.items.map((n) => n.id) };
}

/** Every list on both engines, block by block: SQLite's block of a list, then PostgreSQL's. */
async function measure(engines: Engine[], lists: ListCall[], blocks: number, perBlock: number): Promise<number[][][]> {
  const samples = lists.map(() => engines.map((): number[] => []));
  for (const list of lists) for (const e of engines) await timed(e, list.path(-1)); // first calls
  for (let b = 0; b < blocks; b++)
    for (const [l, list] of lists.entries()) {
      const n = Math.max(1, Math.round(perBlock * list.share));
      for (const [k, e] of engines.entries()) {
        await timed(e, list.path(-1 - b)); // a page the samples do not ask for: none of them is cached by it
        for (let j = 0; j < n; j++) {
          const i = b * n + j;
          await list.before?.(e, i);
          samples[l]![k]!.push(await timed(e, list.path(i)));
        }
      }
    }
  return samples;
}

/**
 * A moved station's tables as PostgreSQL runs them a minute after the move: autovacuum has
 * vacuumed (visibility map: index-only scans) and analyzed (planner statistics) each one. Waits
 * for that, up to `waitMs`; then runs VACUUM (ANALYZE) itself. Says which.
 */
export async function settled(url: string, waitMs = 180_000): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = nowMs();
  try {
    while (nowMs() - started < waitMs) {
      const { rows } = await client.query<{ relname: string }>(
        `select relname from pg_stat_user_tables where relname = any($1)
         and (last_autovacuum is null or last_autoanalyze is null)`,
        [BIG_TABLES],
      );
      if (!rows.length)
        return `autovacuum had vacuumed and analyzed them ${Math.round((nowMs() - started) / 1000)} s after the move`;
      await new Promise((r) => setTimeout(r, 2000));
    }
    await client.query(`VACUUM (ANALYZE) ${BIG_TABLES.join(', ')}`);
    return `autovacuum had not reached them in ${waitMs / 1000} s: VACUUM (ANALYZE) run by the bench`;
  } finally {
    await client.end();
  }
}

export interface Stations {
  sqliteDir: string;
  pgDir: string;
  cluster: PgCluster;
  pgUrl: string;
  asRunDeep: string;
  binned: number;
  moveMs: number;
}

/** The seeded SQLite station and its copy on a fresh cluster (the caller stops and removes them). */
export async function stations(): Promise<Stations> {
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-lists-sqlite-'));
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-lists-pg-'));
  await (await spawnServer(sqliteDir)).kill(); // first run: the schema and the owner
  seedNews(sqliteDir, ROWS);
  seedEquipment(sqliteDir, ROWS);
  seedActivityLogs(sqliteDir, ROWS);
  seedAsRun(sqliteDir, ROWS);
  seedWires(sqliteDir, ROWS, 200);
  const binned = binSomeNews(sqliteDir, 100);
  const cluster = await startPgCluster();
  const pgUrl = await cluster.createDatabase('moved');
  const { ms } = await moveToPostgres({
    dataDir: path.join(sqliteDir, 'data'),
    migrationsDir: path.join(REPO_ROOT, 'server', 'db', 'migrations'),
    to: pgUrl,
  });
  return { sqliteDir, pgDir, cluster, pgUrl, asRunDeep: asRunCursor(sqliteDir, 50_000), binned, moveMs: ms };
}

export interface ListsPgResult {
  lists: ListFigures[];
  /** How the PostgreSQL tables stood when measured (autovacuum, or the bench's VACUUM ANALYZE). */
  tables: string;
  moveMs: number;
}

export async function benchListsPg(blocks = 8, perBlock = 25): Promise<ListsPgResult> {
  const s = await stations();
  const servers: SpawnedServer[] = [];
  try {
    const tables = await settled(s.pgUrl);
    servers.push(await spawnServer(s.sqliteDir, quietBackups(s.sqliteDir)));
    servers.push(await spawnServer(s.pgDir, { DATABASE_URL: s.pgUrl }));
    const engines = [await engine('SQLite', servers[0]!), await engine('PostgreSQL', servers[1]!)];
    const lists = calls(s.asRunDeep, s.binned);
    const samples = await measure(engines, lists, blocks, perBlock);
    return {
      lists: lists.map((l, i) => ({
        what: l.what,
        sqlite: summarize(samples[i]![0]!),
        postgres: summarize(samples[i]![1]!),
      })),
      tables,
      moveMs: s.moveMs,
    };
  } finally {
    await Promise.all(servers.map((server) => server.kill()));
    await s.cluster.stop();
    for (const dir of [s.sqliteDir, s.pgDir]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ratio = (f: ListFigures) => `${(f.postgres.p99 / f.sqlite.p99).toFixed(2)}×`;

/** `npm run bench -- --only lists-pg`: a row per list and engine, each held to p99 ≤ 20 ms. */
export async function listsPgRows(): Promise<BenchRow[]> {
  const r = await benchListsPg();
  return r.lists.flatMap((f) => [
    summaryRow(LISTS_PG, `${f.what} — SQLite`, f.sqlite, p99AtMost(TARGET_MS)),
    summaryRow(LISTS_PG, `  same on PostgreSQL (p99 ${ratio(f)} SQLite)`, f.postgres, p99AtMost(TARGET_MS)),
  ]);
}

const meets = (s: Summary) => (s.p99 <= TARGET_MS ? 'yes' : '**no**');
const loads = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

if (import.meta.url === `file://${process.argv[1]}`) {
  const [blocks, perBlock] = process.argv.slice(2).map(Number);
  const loadBefore = loads();
  const r = await benchListsPg(blocks || undefined, perBlock || undefined);
  const lines = [
    `${LISTS_PG} — ${new Date().toISOString()}, ${os.cpus().length} cores, load ${loadBefore} before, ${loads()} after`,
    `Move to PostgreSQL ${Math.round(r.moveMs / 1000)} s; PostgreSQL tables: ${r.tables}. Times in ms; target p99 ≤ ${TARGET_MS}.`,
    '',
    '| list | n | SQLite p50 | p99 | max | PostgreSQL p50 | p99 | max | PG p99 / SQLite p99 | SQLite p99 ≤ 20 | PG p99 ≤ 20 |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...r.lists.map(
      (f) =>
        `| ${f.what} | ${f.sqlite.n} | ${f.sqlite.p50} | ${f.sqlite.p99} | ${f.sqlite.max} | ${f.postgres.p50} | ${f.postgres.p99} | ${f.postgres.max} | ${ratio(f)} | ${meets(f.sqlite)} | ${meets(f.postgres)} |`,
    ),
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
