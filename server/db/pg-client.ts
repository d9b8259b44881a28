import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { REPO_ROOT } from '../config';
import * as pgSchema from './pg-schema';

export type PgDb = NodePgDatabase<typeof pgSchema>;

export interface PostgresStore {
  db: PgDb;
  pool: pg.Pool;
  close(): Promise<void>;
}

export const PG_MIGRATIONS_DIR = path.join(REPO_ROOT, 'server', 'db', 'pg-migrations');

/**
 * The PostgreSQL store (issue 42) from a connection string (`DATABASE_URL=postgres://…`; TLS and
 * several hosts with `target_session_attrs=read-write` are the driver's own). Durability as the
 * SQLite store's synchronous=FULL: synchronous_commit stays on, asserted here because a server
 * configured with it off would lose acknowledged writes on a crash.
 */
export async function openPostgres(
  url: string,
  options: { migrate?: boolean; migrationsDir?: string } = {},
): Promise<PostgresStore> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // PostgreSQL ending an idle pooled connection (a restart, pg_terminate_backend, a dropped
  // database) is an 'error' on the pool: unheard, Node throws it and the whole server stops. The
  // pool has already let that connection go; the next query opens a new one.
  pool.on('error', () => {});
  // A connection lost while checked out between two statements of a transaction (the main PC
  // lost mid-write: issue 43) is an 'error' on the client itself, which the pool only hears while
  // it is idle; unheard, it stops the server. Heard here, its next statement fails the request.
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    const { rows } = await pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    if (rows[0]?.synchronous_commit === 'off')
      throw new Error('PostgreSQL synchronous_commit is off: acknowledged writes could be lost on a crash; turn it on');
    const db = drizzle(pool, { schema: pgSchema });
    if (options.migrate !== false) await migratePostgres(db, options.migrationsDir);
    return { db, pool, close: () => pool.end() };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

/** Applies the PostgreSQL migrations not yet applied (drizzle's migrator, one transaction). */
export async function migratePostgres(db: PgDb, migrationsDir = PG_MIGRATIONS_DIR): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsDir });
}

/**
 * A connection of its own, outside the pool, named in pg_stat_activity (the live relay's, a duty's
 * lock: issue 43). Its errors end it quietly — an unheard 'error' would stop the process — and
 * `onEnd` hears it go once it is `ready` (a failure before that is the caller's to retry).
 */
export async function openOwnConnection(
  url: string,
  applicationName: string,
  {
    prepare,
    ready,
    onEnd,
  }: {
    prepare?: (client: pg.Client) => void;
    ready?: (client: pg.Client) => Promise<unknown>;
    onEnd: (client: pg.Client) => void;
  },
): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  client.on('error', () => undefined);
  prepare?.(client);
  try {
    await client.connect();
    await ready?.(client);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  client.once('end', () => onEnd(client));
  return client;
}
