import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiClient } from '../server/test/api-client';
import { startFakeSheets } from '../server/test/fake-sheets';
import { spawnServer } from '../server/test/spawn-server';
import { googleSheetsRows } from './google-sheets';

/** `npx tsx bench/google-sheets-alone.ts`: the Google Sheets rows of `npm run bench` on their own. */
async function main(): Promise<void> {
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bench-sheets-'));
  const fake = await startFakeSheets();
  const server = await spawnServer(baseDir, { GOOGLE_SHEETS_ROOT_URL: fake.url });
  try {
    const api = new ApiClient(server.url);
    const res = await api.post<{ token: string }>('/api/auth/login', { username: 'owner', password: 'owner-password' });
    api.token = res.body.token;
    process.stdout.write(`Google Sheets benchmark — ${new Date().toISOString()} — ${os.cpus().length} cores, Node ${process.version}\n`);
    process.stdout.write('| what | n | p50 ms | p99 ms | max ms | target |\n|---|---|---|---|---|---|\n');
    for (const row of await googleSheetsRows(api, fake)) process.stdout.write(row + '\n');
  } finally {
    await server.kill();
    await fake.close();
    fs.rmSync(baseDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
