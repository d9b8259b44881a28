import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPgCluster } from '../server/test/pg-cluster';
import { signedInOwner, spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { block, closeTarget, headlineFile, hotPathTarget, type HotPathTarget } from './cg-hot-path';
import { summarize } from './stats';

/**
 * `npx tsx bench/store-ab.ts <other checkout> [blocks] [perBlock]`: the CG hot path (200 live
 * clients, update-direct until every client heard it and the file holds it) on three servers in
 * alternating blocks — A: another checkout (e.g. main before the async store) on SQLite, B: this
 * checkout on SQLite, C: this checkout on a throwaway PostgreSQL cluster on loopback (issue 42:
 * PostgreSQL p99 ≤ 1.3× the SQLite store's; SQLite keeps its speed).
 */
const [otherRoot, blocksArg, perBlockArg] = process.argv.slice(2);
if (!otherRoot) throw new Error('usage: store-ab.ts <other checkout> [blocks] [perBlock]');
const blocks = Number(blocksArg ?? 5);
const perBlock = Number(perBlockArg ?? 200);

const cluster = await startPgCluster();
const dirs = ['a', 'b', 'c'].map((n) => fs.mkdtempSync(path.join(os.tmpdir(), `cgb-store-ab-${n}-`)));
const servers: SpawnedServer[] = [];
try {
  servers.push(await spawnServer(dirs[0], {}, path.resolve(otherRoot)));
  servers.push(await spawnServer(dirs[1]));
  servers.push(await spawnServer(dirs[2], { DATABASE_URL: await cluster.createDatabase('store_ab') }));
  const targets: HotPathTarget[] = [];
  for (const [i, server] of servers.entries())
    targets.push(await hotPathTarget(await signedInOwner(server), headlineFile(dirs[i]!)));
  const samples: number[][] = targets.map(() => []);
  for (const t of targets) await block(t, 20, 'warm');
  for (let b = 0; b < blocks; b++)
    for (const [i, t] of targets.entries()) samples[i]!.push(...(await block(t, perBlock, `ab${i}`)));
  const names = [`A ${otherRoot} (SQLite)`, 'B this checkout, SQLite', 'C this checkout, PostgreSQL'];
  process.stdout.write(
    `CG hot path, 200 clients, ${blocks}×${perBlock} writes each, interleaved — ${new Date().toISOString()}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  const base = summarize(samples[1]!);
  for (const [i, name] of names.entries()) {
    const s = summarize(samples[i]!);
    process.stdout.write(
      `${name.padEnd(40)} p50 ${s.p50.toFixed(2)}  p99 ${s.p99.toFixed(2)}  max ${s.max.toFixed(2)} ms  (p99 ${(s.p99 / base.p99).toFixed(2)}× B)\n`,
    );
  }
  targets.forEach(closeTarget);
} finally {
  await Promise.all(servers.map((s) => s.kill()));
  await cluster.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
