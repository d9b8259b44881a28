import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { DB_FILE } from '../db/store-file';
import type { Store } from '../db/store';

/** Where a test server keeps its data: its SQLite folder, or its PostgreSQL database (unit-pg). */
export interface StoreOf {
  dataDir: string;
  databaseUrl: string | null;
}

/**
 * Raw SQL against a test server's store, from outside the server, as a station's own tools or an
 * older version would write (tests that set up what the API refuses, or look at rows the API does
 * not show). `?` placeholders on both engines; returns the rows a query gives (none for a write).
 * Keep the SQL to what both engines read alike (no 0/1 for booleans: pass `true`/`false`).
 */
export async function storeSql<T = Record<string, unknown>>(
  server: StoreOf,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (!server.databaseUrl) {
    const db = new Database(path.join(server.dataDir, DB_FILE));
    try {
      const statement = db.prepare(text);
      const values = params.map((p) => (typeof p === 'boolean' ? Number(p) : p));
      return statement.reader ? (statement.all(...values) as T[]) : (statement.run(...values), []);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    let n = 0;
    const result = await client.query(
      text.replace(/\?/g, () => `$${++n}`),
      params,
    );
    return result.rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL's side of SQLite's synchronous = FULL after a job: synchronous_commit on the store's
 * pooled connections (as many reads held at once as the pool has connections, 10: the idle ones the
 * job's slices ran on included). Answers the settings seen and on how many connections.
 */
export async function synchronousCommitOfPooledConnections(
  store: Store,
): Promise<{ settings: string[]; connections: number }> {
  const rows = await Promise.all(
    Array.from({ length: 10 }, () =>
      store.read(async (q) => {
        // node-postgres's result (the store's `Q` types it per driver as unknown).
        const result: unknown = await q.execute(
          sql`select current_setting('synchronous_commit') as setting, pg_backend_pid() as pid, pg_sleep(0.2)`,
        );
        return (result as { rows: Array<{ setting: string; pid: number }> }).rows[0]!;
      }),
    ),
  );
  return { settings: [...new Set(rows.map((r) => r.setting))], connections: new Set(rows.map((r) => r.pid)).size };
}
