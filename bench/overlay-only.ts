import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../server/test/api-client';
import { spawnServer } from '../server/test/spawn-server';
import { overlayRows } from './table-overlay';
import { rowLines, TABLE_HEADER } from './table';

/**
 * Dev aid: only the HTML overlay rows of `npm run bench` (issue 25) against a fresh server:
 * `npx tsx bench/overlay-only.ts` (run it on a quiet machine: the ticker row is a 60 s scroll).
 */
async function main(): Promise<void> {
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bench-overlay-'));
  const server = await spawnServer(baseDir);
  try {
    const api = new ApiClient(server.url);
    const res = await api.post<{ token: string }>('/api/auth/login', { username: 'owner', password: 'owner-password' });
    api.token = res.body.token;
    process.stdout.write(`1-min load average before: ${os.loadavg()[0]!.toFixed(2)} (${os.cpus().length} cores)\n`);
    process.stdout.write([...TABLE_HEADER, ...rowLines(await overlayRows(api), null)].join('\n') + '\n');
    process.stdout.write(`1-min load average after: ${os.loadavg()[0]!.toFixed(2)}\n`);
  } finally {
    await server.kill();
    fs.rmSync(baseDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
