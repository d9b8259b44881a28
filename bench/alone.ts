import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../server/test/api-client';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';

/**
 * One group of `npm run bench` rows against a fresh spawned server (no 100k seed), signed in as
 * the first-run owner: the harness of the `*-alone.ts` scripts. The server is always stopped.
 */
const ALONE_HEADER = ['| what | n | p50 ms | p99 ms | max ms | target |', '|---|---|---|---|---|---|'];

/** `header`: the table's first two lines (the one-table rows of bench/table.ts bring their own). */
export function runAlone(
  title: string,
  rows: (api: ApiClient, server: SpawnedServer) => Promise<string[]>,
  env: NodeJS.ProcessEnv = {},
  header: string[] = ALONE_HEADER,
): void {
  const main = async () => {
    const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bench-alone-'));
    const server = await spawnServer(baseDir, env);
    try {
      const api = new ApiClient(server.url);
      const res = await api.post<{ token: string }>('/api/auth/login', {
        username: 'owner',
        password: 'owner-password',
      });
      api.token = res.body.token;
      process.stdout.write(
        `${title} — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}\n`,
      );
      process.stdout.write(header.join('\n') + '\n');
      for (const row of await rows(api, server)) process.stdout.write(row + '\n');
    } finally {
      await server.kill();
      fs.rmSync(baseDir, { recursive: true, force: true });
    }
  };
  main().catch((err: unknown) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
