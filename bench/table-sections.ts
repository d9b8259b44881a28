import fs from 'node:fs';
import { ApiClient } from '../server/test/api-client';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { startBareModel } from './bare-run';
import { bundleSize, ensureRendererBuilt } from './bundle-size';
import { benchHotPathInterleaved, closeTarget, headlineFile, hotPathTarget } from './cg-hot-path';
import { benchInterleaved, type FanoutResult } from './fanout';
import { benchNews } from './news-list';
import { maxAtMost, p99AtMost, p99WithinBaseline, summaryRow, valueRow, type BenchRow } from './results';
import { openListeners } from './sockets';
import { nowMs, summarize, type Summary } from './stats';

/** Sections of the bench table measured against the spawned server: each returns its rows. */
export const OWNER = { username: 'owner', password: 'owner-password' } as const;

export async function signIn(url: string): Promise<ApiClient> {
  const api = new ApiClient(url);
  const res = await api.post<{ token: string }>('/api/auth/login', OWNER);
  if (res.status !== 200) throw new Error(`owner login failed: ${res.status}`);
  api.token = res.body.token;
  return api;
}

/** Resident memory of the server process itself (spawnServer runs it without a wrapper). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

export async function rssRow(section: string, when: string, server: SpawnedServer, api: ApiClient): Promise<BenchRow> {
  const sockets = await openListeners(server.url, api.token!, 300);
  const rss = rssMb(server.pid);
  sockets.forEach((s) => s.socket.terminate());
  return valueRow(section, `Server RSS with 300 live clients, ${when}`, rss, 'MB', maxAtMost(150, 'MB', 'RSS'));
}

export const STARTUP = 'Startup, memory, UI bundle';

/** Start-up samples: `spawns` starts and stops on the seeded store, before the measured server runs. */
export async function spawnRepeatedly(
  baseDir: string,
  spawns: number,
): Promise<{ ready: number[]; spawned: number[] }> {
  const ready: number[] = [];
  const spawned: number[] = [];
  for (let i = 0; i < spawns; i++) {
    const s = await spawnServer(baseDir);
    ready.push(s.readyMs);
    spawned.push(s.spawnMs);
    await s.kill();
  }
  return { ready, spawned };
}

/**
 * readyMs is what the server prints (inside the process); spawnMs runs from spawn, including
 * Node and the TypeScript loader. The measured server's own start is one more sample.
 */
export function startupRows(samples: { ready: number[]; spawned: number[] }, measured: SpawnedServer): BenchRow[] {
  const ready = [...samples.ready, measured.readyMs];
  const spawned = [...samples.spawned, measured.spawnMs];
  return [
    summaryRow(
      STARTUP,
      'Server ready after start, inside the process (100k articles)',
      summarize(ready),
      maxAtMost(1500),
    ),
    // The installed app runs built JavaScript: the loader's compile time is a dev-checkout cost.
    summaryRow(
      STARTUP,
      '  same, from spawn incl. Node and the TypeScript loader (dev checkout only)',
      summarize(spawned),
    ),
  ];
}

export function bundleRow(): BenchRow {
  ensureRendererBuilt();
  const b = bundleSize();
  return valueRow(
    STARTUP,
    `Initial UI JavaScript, gzip (entry + ${b.files.length - 1} static imports; ${b.rawKb} kB raw; CSS ${b.cssGzipKb} kB gzip)`,
    b.gzipKb,
    'kB',
    maxAtMost(400, 'kB', 'gzip'),
  );
}

const ratioText = (a: Summary, b: Summary) => `${(a.p99 / b.p99).toFixed(2)}×`;

const HOT = 'CG hot path: write → file replaced → every live client has it (interleaved with the bare model)';

export async function hotPathRows(api: ApiClient, baseDir: string): Promise<BenchRow[]> {
  const bareModel = await startBareModel();
  const ours = await hotPathTarget(api, headlineFile(baseDir));
  const bare = await hotPathTarget(new ApiClient(bareModel.url), null);
  try {
    const r = await benchHotPathInterleaved(ours, bare);
    return [
      summaryRow(
        HOT,
        `CG Bridge, 200 WS clients (p99 ${ratioText(r.ours, r.bare)} bare)`,
        r.ours,
        p99WithinBaseline(1, r.bare, 'bare'),
      ),
      summaryRow(HOT, '  bare express+SQLite+rename+ws model, 200 clients', r.bare),
    ];
  } finally {
    closeTarget(ours);
    closeTarget(bare);
    await bareModel.stop();
  }
}

/** Issue 24 fan-out: the LAST of `clients` sockets, rotating blocks, server CPU per write from /proc. */
export async function fanoutRows(
  api: ApiClient,
  baseDir: string,
  serverPid: number,
  clients = 1000,
): Promise<BenchRow[]> {
  const bareModel = await startBareModel();
  const ours = await hotPathTarget(api, headlineFile(baseDir), clients);
  const bare = await hotPathTarget(new ApiClient(bareModel.url), null, clients);
  try {
    const [o, b] = (await benchInterleaved([ours, bare], 5, 60, [serverPid, bareModel.pid])) as [
      FanoutResult,
      FanoutResult,
    ];
    return [
      summaryRow(
        HOT,
        `CG Bridge, ${clients.toLocaleString('en')} WS clients (p99 ${ratioText(o, b)} bare; server CPU ${o.cpuPerWrite} ms/write)`,
        o,
        p99WithinBaseline(1, b, 'bare', 25),
      ),
      summaryRow(HOT, `  bare model, ${clients.toLocaleString('en')} clients (CPU ${b.cpuPerWrite} ms/write)`, b),
    ];
  } finally {
    closeTarget(ours);
    closeTarget(bare);
    await bareModel.stop();
  }
}

const LISTS = 'Lists and crawler at 100 000 articles';

export async function listRows(api: ApiClient): Promise<BenchRow[]> {
  const news = await benchNews(api);
  return [
    summaryRow(LISTS, 'GET /api/news?status=draft&page=1', news.firstPage, p99AtMost(20)),
    summaryRow(LISTS, 'GET /api/news?status=draft&page≈1000–2000', news.deepPage, p99AtMost(20)),
    summaryRow(LISTS, 'GET /api/news unpaged (newest 1 000; cached per change)', news.unpaged),
    summaryRow(LISTS, 'POST /api/news/:id/approve', news.approve, p99AtMost(20)),
    summaryRow(LISTS, 'POST /api/news-crawler/generate (25 000 approved)', news.generate, p99AtMost(50)),
  ];
}

export const COSTS = 'Heavy work itself (the loads above, timed on their own)';

/** What one argon2id login costs, one at a time (no queue): POST /api/auth/login round trip. */
export async function loginCostRow(url: string, logins = 20): Promise<BenchRow> {
  const samples: number[] = [];
  for (let i = 0; i < logins; i++) {
    const started = nowMs();
    await signIn(url);
    samples.push(nowMs() - started);
  }
  return summaryRow(COSTS, 'Login, one at a time (argon2id m=19 MiB, t=2)', summarize(samples));
}
