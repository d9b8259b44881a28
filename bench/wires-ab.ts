import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signedInOwner, spawnServer } from '../server/test/spawn-server';
import { startFeedsProcess } from './feeds-process';
import { formatRow } from './stats';
import { benchWires } from './wires';

/**
 * `npx tsx bench/wires-ab.ts <other checkout> [repeats] [rounds]`: benchWires against another
 * checkout's server (A, e.g. the code before a change) and this one (B), alternating A, B, A, B
 * in one run, so a before/after comparison sees the same load on a shared VM.
 */
const [otherRoot, repeatsArg, roundsArg] = process.argv.slice(2);
if (!otherRoot) throw new Error('usage: wires-ab.ts <other checkout> [repeats] [rounds]');
const repeats = Number(repeatsArg ?? 2);
const rounds = Number(roundsArg ?? 3);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const feeds = await startFeedsProcess();
const dirs = [
  fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-wab-a-')),
  fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-wab-b-')),
];
const servers = [await spawnServer(dirs[0], {}, path.resolve(otherRoot)), await spawnServer(dirs[1], {})];
try {
  const apis = [await signedInOwner(servers[0]!), await signedInOwner(servers[1]!)];
  process.stdout.write(
    `Wires A/B, A = ${otherRoot}, B = this checkout — ${new Date().toISOString()} — ${os.cpus().length} cores, load ${load()}\n`,
  );
  process.stdout.write('| what | n | p50 ms | p99 ms | max ms | ratio |\n|---|---|---|---|---|---|\n');
  for (let r = 0; r < repeats; r++) {
    for (const [i, name] of ['A', 'B'].entries()) {
      const { quiet, loaded, polls, airCpuMs, processCpuMs } = await benchWires(
        apis[i]!,
        feeds.url,
        rounds,
        servers[i]!.pid,
      );
      process.stdout.write(
        `${formatRow(`${name} polls of all feeds`, polls, `CPU air thread ${airCpuMs} ms of ${processCpuMs} ms; load ${load()}`)}\n`,
      );
      process.stdout.write(`${formatRow(`${name} CG write quiet`, quiet, '')}\n`);
      process.stdout.write(
        `${formatRow(`${name} CG write while feeds poll`, loaded, `${(loaded.p99 / quiet.p99).toFixed(2)}×`)}\n`,
      );
    }
  }
} finally {
  await Promise.all(servers.map((s) => s.kill()));
  await feeds.close();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
}
