import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../server/test/api-client';
import { signedInOwner, spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { startBareModel, type BareModel } from './bare-run';
import { closeTarget, headlineFile, hotPathTarget, type HotPathTarget } from './cg-hot-path';
import { benchInterleaved, ratio } from './fanout';
import { formatRow } from './stats';

/**
 * `npx tsx bench/fanout-ab.ts [--clients 1000] [--blocks 5] [--per-block 60] [--baseline DIR]…`:
 * CG write → last of N clients for this checkout's server, the bare model and, with --baseline,
 * the server of other checkouts (e.g. `git archive main` unpacked, node_modules linked), all in
 * one run in rotating blocks. Ratios to the bare model of the same run cancel machine drift.
 */
function args(name: string): string[] {
  return process.argv.flatMap((a, i) => (a === `--${name}` && process.argv[i + 1] ? [process.argv[i + 1]!] : []));
}
const arg = (name: string, fallback: string) => args(name)[0] ?? fallback;

async function main(): Promise<void> {
  const clients = Number(arg('clients', '1000'));
  const blocks = Number(arg('blocks', '5'));
  const perBlock = Number(arg('per-block', '60'));
  const baselines = args('baseline');
  const dirs: string[] = [];
  const servers: SpawnedServer[] = [];
  const targets: Array<{ label: string; target: HotPathTarget; pid: number }> = [];
  let bare: BareModel | null = null;
  const start = async (label: string, root?: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-fanout-'));
    dirs.push(dir);
    const server = await spawnServer(dir, {}, root);
    servers.push(server);
    targets.push({
      label,
      target: await hotPathTarget(await signedInOwner(server), headlineFile(dir), clients),
      pid: server.pid,
    });
  };
  try {
    await start('this checkout');
    for (const root of baselines) await start(`baseline ${root}`, path.resolve(root));
    bare = await startBareModel();
    targets.push({
      label: 'bare model',
      target: await hotPathTarget(new ApiClient(bare.url), null, clients),
      pid: bare.pid,
    });
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const results = await benchInterleaved(
      targets.map((t) => t.target),
      blocks,
      perBlock,
      targets.map((t) => t.pid),
    );
    const b = results[results.length - 1]!;
    process.stdout.write(
      `Fan-out A/B — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}, ${clients} clients each, load before ${load}, after ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
    process.stdout.write(
      '| what | n | p50 ms | p99 ms | max ms | to bare p50 / p99 / CPU; server CPU ms per write |\n|---|---|---|---|---|---|\n',
    );
    results.forEach((r, k) =>
      process.stdout.write(
        formatRow(
          targets[k]!.label,
          r,
          `${ratio(r.p50, b.p50)} / ${ratio(r.p99, b.p99)} / ${ratio(r.cpuPerWrite, b.cpuPerWrite)}; ${r.cpuPerWrite}`,
        ) + '\n',
      ),
    );
  } finally {
    targets.forEach((t) => closeTarget(t.target));
    await bare?.stop();
    for (const s of servers) await s.kill();
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
