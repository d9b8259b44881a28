import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPgCluster, type PgCluster } from '../server/test/pg-cluster';
import { signedInOwner, spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { closeTarget, headlineFile, type HotPathTarget } from './cg-hot-path';
import { benchInterleaved, type FanoutResult } from './fanout';
import { summaryRow, type BenchRow, type Target } from './results';
import { openListeners } from './sockets';

export const TWO_SERVERS = 'Two servers on one PostgreSQL store (issue 43): CG write → the last of 500 clients';
/** Issue 43's gate: spread over two servers, p99 at most 1.5× one server's fan-out in the same run. */
const RATIO_LIMIT = 1.5;

export interface TwoServersResult {
  single: FanoutResult;
  split: FanoutResult;
}

/**
 * One server alone on its own database with all 500 clients, against servers A and B sharing
 * another database with 250 clients each (B's hear A's writes through LISTEN/NOTIFY,
 * server/live/pg-relay.ts); every write is made on A (or on the lone server). Both on one throwaway
 * PostgreSQL 15 cluster (fsync on), measured in interleaved blocks so drift lands on both alike.
 */
export async function benchTwoServers(clients = 500, blocks = 6, perBlock = 50): Promise<TwoServersResult> {
  let cluster: PgCluster | null = null;
  const servers: SpawnedServer[] = [];
  const targets: HotPathTarget[] = [];
  const spawn = async (databaseUrl: string) => {
    const server = await spawnServer(fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-two-')), { DATABASE_URL: databaseUrl });
    servers.push(server);
    return server;
  };
  try {
    cluster = await startPgCluster();
    const lone = await spawn(await cluster.createDatabase('lone'));
    const shared = await cluster.createDatabase('shared');
    const a = await spawn(shared);
    const b = await spawn(shared);
    const loneApi = await signedInOwner(lone);
    targets.push({
      api: loneApi,
      file: headlineFile(lone.baseDir),
      listeners: await openListeners(lone.url, loneApi.token!, clients),
    });
    const aApi = await signedInOwner(a);
    const half = Math.floor(clients / 2);
    targets.push({
      api: aApi,
      file: headlineFile(a.baseDir),
      listeners: [
        ...(await openListeners(a.url, aApi.token!, half)),
        ...(await openListeners(b.url, aApi.token!, clients - half)),
      ],
    });
    const [single, split] = await benchInterleaved(targets, blocks, perBlock, [lone.pid, a.pid]);
    return { single: single!, split: split! };
  } finally {
    targets.forEach(closeTarget);
    await Promise.all(servers.map((s) => s.kill()));
    await cluster?.stop();
  }
}

export async function twoServersRows(): Promise<BenchRow[]> {
  const r = await benchTwoServers();
  const within: Target = {
    text: `p99 ≤ ${RATIO_LIMIT}× one server's (${(r.single.p99 * RATIO_LIMIT).toFixed(1)})`,
    ok: (s) => s.p99 <= r.single.p99 * RATIO_LIMIT,
  };
  return [
    summaryRow(TWO_SERVERS, 'one server, 500 clients (baseline)', r.single),
    summaryRow(TWO_SERVERS, 'servers A and B, 250 clients each, writes on A', r.split, within),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [clients, blocks, perBlock] = process.argv.slice(2).map(Number);
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  const before = load();
  const r = await benchTwoServers(clients || undefined, blocks || undefined, perBlock || undefined);
  const row = (what: string, s: FanoutResult) =>
    `| ${what} | ${s.n} | ${s.p50} | ${s.p99} | ${s.max} | ${s.cpuPerWrite} |`;
  process.stdout.write(
    [
      `${TWO_SERVERS} — ${new Date().toISOString()}, ${os.cpus().length} cores, load ${before} before, ${load()} after`,
      '',
      '| what | n | p50 ms | p99 ms | max ms | writing server CPU ms per write |',
      '|---|---|---|---|---|---|',
      row('one server, all clients', r.single),
      row('A and B, half each (writes on A)', r.split),
      '',
      `p99 ratio: ${(r.split.p99 / r.single.p99).toFixed(2)}× (target ≤ ${RATIO_LIMIT}×)`,
    ].join('\n') + '\n',
  );
}
