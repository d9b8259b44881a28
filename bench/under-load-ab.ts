import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeSheets } from '../server/test/fake-sheets';
import { signedInOwner, spawnServer } from '../server/test/spawn-server';
import { cgUnderLoads, formatUnderLoadRow } from './under-load';

/**
 * `npx tsx bench/under-load-ab.ts <other checkout> [repeats] [loads...]`: cgUnderLoads against
 * another checkout's server (e.g. main) and this one, alternating A, B, A, B in one run, so a
 * before/after comparison sees the same machine load (the reference VM is shared).
 */
const [otherRoot, repeatsArg, ...only] = process.argv.slice(2);
if (!otherRoot) throw new Error('usage: under-load-ab.ts <other checkout> [repeats] [loads...]');
const repeats = Number(repeatsArg ?? 2);

const fake = await startFakeSheets();
const dirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-ab-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-ab-b-'))];
const servers = [
  await spawnServer(dirs[0], { GOOGLE_SHEETS_ROOT_URL: fake.url }, path.resolve(otherRoot)),
  await spawnServer(dirs[1], { GOOGLE_SHEETS_ROOT_URL: fake.url }),
];
try {
  const apis = [await signedInOwner(servers[0]!), await signedInOwner(servers[1]!)];
  process.stdout.write(
    `CG write under load, A = ${otherRoot}, B = this checkout — ${new Date().toISOString()} — ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  for (let r = 0; r < repeats; r++) {
    for (const [i, name] of ['A', 'B'].entries()) {
      await cgUnderLoads(apis[i]!, {
        sheets: fake,
        rounds: 2,
        only,
        pid: servers[i]!.pid,
        onRow: (row) => process.stdout.write(`${name} ${formatUnderLoadRow(row)}\n`),
      });
    }
  }
} finally {
  await Promise.all(servers.map((s) => s.kill()));
  await fake.close();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
}
