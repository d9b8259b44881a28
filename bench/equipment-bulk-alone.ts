import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../server/test/api-client';
import { spawnServer } from '../server/test/spawn-server';
import { equipmentBulkRows } from './equipment-bulk';

/** `npx tsx bench/equipment-bulk-alone.ts`: the equipment bulk rows of `npm run bench` on their own. */
async function main(): Promise<void> {
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bench-bulk-'));
  const server = await spawnServer(baseDir);
  try {
    const api = new ApiClient(server.url);
    const res = await api.post<{ token: string }>('/api/auth/login', { username: 'owner', password: 'owner-password' });
    api.token = res.body.token;
    process.stdout.write(`Equipment bulk benchmark — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}\n`);
    process.stdout.write('| what | n | p50 ms | p99 ms | max ms | target |\n|---|---|---|---|---|---|\n');
    for (const row of await equipmentBulkRows(api, server.pid)) process.stdout.write(row + '\n');
  } finally {
    await server.kill();
    fs.rmSync(baseDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
