import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../server/config';
import { moveToPostgres } from '../server/db/move/move-to-postgres';
import { startPgCluster } from '../server/test/pg-cluster';
import { spawnServer } from '../server/test/spawn-server';
import { maxAtMost, valueRow, type BenchRow } from './results';
import { seedEquipment, seedNews } from './seed';

/**
 * Issue 42: `npm run db:move` of a station of 100 000 articles + 100 000 equipment items into a
 * PostgreSQL cluster on the same machine (loopback, fsync on): copy and verification, ≤ 2 minutes.
 * Run alone: `npx tsx bench/db-move.ts`.
 */
export const DB_MOVE = 'Moving a station to PostgreSQL (100 000 articles + 100 000 equipment items)';
const TARGET_MS = 120_000;

/** Moves the stopped store in `storeDir/data` into a fresh cluster and reports the time taken. */
export async function dbMoveRows(storeDir: string): Promise<BenchRow[]> {
  const cluster = await startPgCluster();
  try {
    const to = await cluster.createDatabase('moved');
    const { tables, ms } = await moveToPostgres({
      dataDir: path.join(storeDir, 'data'),
      migrationsDir: path.join(REPO_ROOT, 'server', 'db', 'migrations'),
      to,
    });
    const rows = tables.reduce((n, t) => n + t.rows, 0);
    return [
      valueRow(
        DB_MOVE,
        `  npm run db:move: ${rows} rows in ${tables.length} tables, copied and verified`,
        ms,
        'ms',
        maxAtMost(TARGET_MS),
      ),
    ];
  } finally {
    await cluster.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-bench-move-'));
  try {
    await (await spawnServer(dir)).kill(); // first run: the schema and the owner
    seedNews(dir, 100_000);
    seedEquipment(dir, 100_000);
    for (const row of await dbMoveRows(dir))
      process.stdout.write(`${row.what}: ${row.max} ms (${row.target}: ${row.verdict})\n`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
