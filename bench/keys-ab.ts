import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPgCluster } from '../server/test/pg-cluster';
import { signedInOwner, spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { block, closeTarget, headlineFile, hotPathTarget, type HotPathTarget } from './cg-hot-path';
import { summarize } from './stats';

/**
 * `npx tsx bench/keys-ab.ts [blocks] [perBlock]`: what keeping Idempotency-Keys in a PostgreSQL
 * store costs an on-air write (issue 43). One server on a throwaway cluster, the CG hot path (200
 * live clients, update-direct until every client heard it and the file holds it) in alternating
 * blocks: A without a key, B with a fresh key on each write, as the app sends.
 */
const blocks = Number(process.argv[2] ?? 5);
const perBlock = Number(process.argv[3] ?? 200);

const cluster = await startPgCluster();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-keys-ab-'));
let server: SpawnedServer | null = null;
try {
  server = await spawnServer(dir, { DATABASE_URL: await cluster.createDatabase('keys_ab') });
  const api = await signedInOwner(server);
  const plain = await hotPathTarget(api, headlineFile(dir));
  const keyed: HotPathTarget = { ...(await hotPathTarget(api, headlineFile(dir))), keyed: true };
  const targets = [plain, keyed];
  const samples: number[][] = targets.map(() => []);
  for (const t of targets) await block(t, 20, 'warm');
  for (let b = 0; b < blocks; b++)
    for (const [i, t] of targets.entries()) samples[i]!.push(...(await block(t, perBlock, `ab${i}`)));
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  process.stdout.write(
    `CG hot path on PostgreSQL, 200 clients, ${blocks}×${perBlock} writes each, interleaved — ${new Date().toISOString()}, load ${load}\n`,
  );
  const base = summarize(samples[0]!);
  for (const [i, name] of ['A no Idempotency-Key', 'B a key on each write'].entries()) {
    const s = summarize(samples[i]!);
    process.stdout.write(
      `${name.padEnd(26)} p50 ${s.p50.toFixed(2)}  p99 ${s.p99.toFixed(2)}  max ${s.max.toFixed(2)} ms  (p99 ${(s.p99 / base.p99).toFixed(2)}× A)\n`,
    );
  }
  targets.forEach(closeTarget);
} finally {
  await server?.kill();
  await cluster.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
