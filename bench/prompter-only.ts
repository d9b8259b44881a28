import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../server/test/api-client';
import { spawnServer } from '../server/test/spawn-server';
import { prompterRows } from './prompter-rows';

/**
 * Dev aid: only the prompter rows of `npm run bench` (issue 11), against a fresh server without
 * the 100k seeded articles. `npx tsx bench/prompter-only.ts`
 */
async function main(): Promise<void> {
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bench-prompter-'));
  const server = await spawnServer(baseDir);
  try {
    const api = new ApiClient(server.url);
    const res = await api.post<{ token: string }>('/api/auth/login', { username: 'owner', password: 'owner-password' });
    api.token = res.body.token;
    const print = (...lines: string[]) => lines.forEach((l) => process.stdout.write(l + '\n'));
    print('| what | n | p50 ms | p99 ms | max ms | target |', '|---|---|---|---|---|---|');
    print(...(await prompterRows(api, print)));
  } finally {
    await server.kill();
    fs.rmSync(baseDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
