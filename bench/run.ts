import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../server/test/api-client';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { benchAbusiveReaders } from './abusive-readers';
import { startBareModel } from './bare-run';
import { benchHotPathInterleaved, closeTarget, headlineFile, hotPathTarget } from './cg-hot-path';
import { benchCgDuringLogins } from './login-load';
import { equipmentBulkRows } from './equipment-bulk';
import { fanoutRows } from './fanout';
import { googleSheetsRows } from './google-sheets';
import { startFakeSheets, type FakeSheets } from '../server/test/fake-sheets';
import { startFeedsProcess, type FeedsProcess } from './feeds-process';
import { wiresRows } from './wires';
import { benchNews } from './news-list';
import { prompterRows } from './prompter-rows';
import { seedNews } from './seed';
import { openListeners } from './sockets';
import { formatRow } from './stats';

/** `npm run bench`: the performance targets of DESIGN.md §7, against a real server process. */
async function login(server: SpawnedServer): Promise<ApiClient> {
  const api = new ApiClient(server.url);
  const res = await api.post<{ token: string }>('/api/auth/login', { username: 'owner', password: 'owner-password' });
  api.token = res.body.token;
  return api;
}

/** Resident memory of the server process itself (spawnServer runs it without a wrapper). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function rssWithClients(server: SpawnedServer, api: ApiClient): Promise<number> {
  const sockets = await openListeners(server.url, api.token!, 300);
  const rss = rssMb(server.pid);
  sockets.forEach((s) => s.socket.terminate());
  return rss;
}

async function hotPathRows(api: ApiClient, baseDir: string): Promise<string[]> {
  const bareModel = await startBareModel();
  const ours = await hotPathTarget(api, headlineFile(baseDir));
  const bare = await hotPathTarget(new ApiClient(bareModel.url), null);
  const r = await benchHotPathInterleaved(ours, bare);
  closeTarget(ours);
  closeTarget(bare);
  await bareModel.stop();
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  return [
    formatRow('CG write → file replaced → 200 WS clients got it (interleaved A/B blocks)', r.ours, 'p99 ≤ 1.3× bare'),
    formatRow('same, bare express+SQLite+rename+ws model (interleaved)', r.bare, `ours/bare p50 = ${ratio(r.ours.p50, r.bare.p50)}, p99 = ${ratio(r.ours.p99, r.bare.p99)}`),
  ];
}

/** Rows are printed as they are measured, so a failure late in the run keeps the earlier figures. */
function printingRows(header: string[]): { push(...lines: string[]): void } {
  header.forEach((l) => process.stdout.write(l + '\n'));
  return { push: (...lines) => lines.forEach((l) => process.stdout.write(l + '\n')) };
}

async function main(): Promise<void> {
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bench-'));
  await (await spawnServer(baseDir)).kill(); // creates the schema and the owner
  seedNews(baseDir, 100_000);
  // The Sheets API stand-in lives in this (the load generator's) process, as Google would elsewhere.
  const sheets = await startFakeSheets();
  const feeds = await startFeedsProcess();
  const server = await spawnServer(baseDir, { GOOGLE_SHEETS_ROOT_URL: sheets.url });
  try {
    await measure(server, baseDir, sheets, feeds);
  } finally {
    // A failed measurement must not leave the server running (it holds a port and CPU).
    await server.kill();
    await sheets.close();
    await feeds.close();
    fs.rmSync(baseDir, { recursive: true, force: true });
  }
}

async function measure(server: SpawnedServer, baseDir: string, sheets: FakeSheets, feeds: FeedsProcess): Promise<void> {
  const api = await login(server);
  const rows = printingRows(['| what | n | p50 ms | p99 ms | max ms | target |', '|---|---|---|---|---|---|']);

  const idleRss = await rssWithClients(server, api);
  rows.push(...(await hotPathRows(api, baseDir)));
  rows.push(...(await fanoutRows(api, baseDir, server.pid, 1000)));
  const news = await benchNews(api);
  rows.push(formatRow('GET /api/news?status=draft&page=1 (100k rows)', news.firstPage, 'p99 ≤ 20'));
  rows.push(formatRow('GET /api/news?status=draft&page≈1000–2000 (100k rows)', news.deepPage, 'p99 ≤ 20'));
  rows.push(formatRow('GET /api/news unpaged (newest 1000 of 100k; cached per change)', news.unpaged, ''));
  rows.push(formatRow('POST /api/news/:id/approve (100k rows)', news.approve, 'p99 ≤ 20'));
  rows.push(formatRow('POST /api/news-crawler/generate (25k approved)', news.generate, '≤ 50'));

  const abuse = await benchAbusiveReaders(api);
  rows.push(formatRow('CG write every 20 ms, nobody reading (interleaved baseline)', abuse.quiet, ''));
  rows.push(formatRow('CG write while 8 users loop the heaviest reads', abuse.loaded, `p99 ≤ 2× quiet: ${(abuse.loaded.p99 / abuse.quiet.p99).toFixed(2)}×`));

  const underLogins = await benchCgDuringLogins(api);
  rows.push(formatRow('CG write every 100 ms, no other load (baseline for the next row)', underLogins.quiet, ''));
  rows.push(formatRow('CG write fired with 8 concurrent logins', underLogins.cg, 'p99 ≤ 20'));
  rows.push(formatRow('  those logins (argon2id, one at a time)', underLogins.loginMs, ''));

  const rss = await rssWithClients(server, api);
  const prompterNotes = await prompterRows(api, (...lines) => rows.push(...lines));

  // Issue 12, after the RSS reading above so its imports do not count towards that row.
  rows.push(...(await equipmentBulkRows(api, server.pid)));
  rows.push(...(await googleSheetsRows(api, sheets)));
  rows.push(...(await wiresRows(api, feeds.url)));

  const report = [
    `CG Bridge benchmark — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}`,
    '',
    `Reads answered during the loaded blocks (status: count): ${JSON.stringify(abuse.reads)}`,
    `Server RSS (the server process itself) with 300 live clients: ${idleRss} MB after start, ${rss} MB after the load above (target ≤ 150 MB)`,
    `Server ready after start: ${server.readyMs} ms inside the process, ${server.spawnMs} ms from spawn incl. the TypeScript loader (target ≤ 1.5 s)`,
    ...prompterNotes,
  ].join('\n');
  process.stdout.write(report + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
