import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../server/test/api-client';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { benchBareModel } from './bare-run';
import { benchCgHotPath } from './cg-hot-path';
import { benchCgDuringLogins } from './login-load';
import { benchNews } from './news-list';
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

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function main(): Promise<void> {
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bench-'));
  await (await spawnServer(baseDir)).kill(); // creates the schema and the owner
  seedNews(baseDir, 100_000);
  const server = await spawnServer(baseDir);
  const api = await login(server);
  const rows: string[] = ['| what | n | p50 ms | p99 ms | max ms | target |', '|---|---|---|---|---|---|'];

  const cg = await benchCgHotPath(api, baseDir);
  const bare = await benchBareModel();
  rows.push(formatRow('CG write → file replaced → 200 WS clients got it', cg, 'p99 ≤ 15 (≤ 25)'));
  rows.push(formatRow('same, bare express+SQLite+rename+ws model', bare, `ours/bare p99 = ${(cg.p99 / bare.p99).toFixed(2)} (≤ 1.5)`));
  const news = await benchNews(api);
  rows.push(formatRow('GET /api/news?status=draft&page=1 (100k rows)', news.firstPage, 'p99 ≤ 20'));
  rows.push(formatRow('GET /api/news?status=draft&page≈1000–2000 (100k rows)', news.deepPage, 'p99 ≤ 20'));
  rows.push(formatRow('GET /api/news unpaged (newest 1000 of 100k)', news.unpaged, ''));
  rows.push(formatRow('POST /api/news/:id/approve (100k rows)', news.approve, 'p99 ≤ 20'));
  rows.push(formatRow('POST /api/news-crawler/generate (25k approved)', news.generate, '≤ 50'));

  const underLogins = await benchCgDuringLogins(api);
  rows.push(formatRow('CG write every 100 ms, no other load (baseline for the next row)', underLogins.quiet, ''));
  rows.push(formatRow('CG write fired with 8 concurrent logins', underLogins.cg, 'p99 ≤ 20'));
  rows.push(formatRow('  those logins (argon2id, one at a time)', underLogins.loginMs, ''));

  const sockets = await openListeners(server.url, api.token!, 300);
  const rss = rssMb(server.pid);
  sockets.forEach((s) => s.socket.terminate());
  await server.kill();

  const report = [
    `CG Bridge benchmark — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}`,
    '',
    ...rows,
    '',
    `Server RSS with 300 live clients: ${rss} MB (target ≤ 150 MB)`,
    `Server ready after start: ${server.readyMs} ms inside the process, ${server.spawnMs} ms from spawn incl. the TypeScript loader (target ≤ 1.5 s)`,
  ].join('\n');
  process.stdout.write(report + '\n');
  fs.rmSync(baseDir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
