import pg from 'pg';
import { assertEmpty, MoveRefused } from '../../db/move/move-to-postgres';
import { maskedUrl, scrubbed } from './masked-url';

/** How long each check may wait for the database: the owner is waiting at the button. */
export const TARGET_CHECK_MS = 5_000;

/** The target cannot take the move; the message names why (never the password). */
export class TargetRefused extends Error {}

interface DriverError {
  code?: string;
  message?: string;
  address?: string;
  port?: number;
  hostname?: string;
}

/** The driver's failure in the owner's words, password scrubbed. */
function reason(err: unknown, url: string, timeoutMs: number): string {
  const e = (err ?? {}) as DriverError;
  const said = scrubbed(e.message ?? String(err), url);
  switch (e.code) {
    case 'ECONNREFUSED':
      return `nothing answers at ${e.address ?? 'that address'}${e.port ? `:${e.port}` : ''} — is PostgreSQL running and listening there?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host ${e.hostname ?? ''} was not found`.replace('  ', ' ');
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
      return `the host cannot be reached (${e.code})`;
    case '28P01':
    case '28000':
      return `PostgreSQL refused the sign-in: ${said}`;
    case '3D000':
      return `${said}: create an empty database first (docs/postgresql.md)`;
  }
  if (/timeout/i.test(said)) return `no answer within ${timeoutMs / 1000} s`;
  return said;
}

interface TargetFacts {
  sync: string;
  who: string;
  db: string;
  publicCreate: boolean;
  schemaCreate: boolean;
}

/**
 * What a move can learn about its target before the server goes away (issue 42), a few round
 * trips within `timeoutMs` each: the database answers and takes the sign-in, keeps
 * synchronous_commit on (the server would refuse to start on it otherwise), lets this user create
 * the tables, and holds no rows (the move's own check). Any of them failing is a TargetRefused.
 */
export async function checkTarget(url: string, timeoutMs = TARGET_CHECK_MS): Promise<void> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  // A connection PostgreSQL drops while idle is an 'error' on the pool: heard here, not by Node.
  pool.on('error', () => {});
  const shown = maskedUrl(url);
  try {
    const facts = await pool
      .query<TargetFacts>(
        `SELECT current_setting('synchronous_commit') AS sync, current_user AS who, current_database() AS db,
           COALESCE((SELECT has_schema_privilege(oid, 'CREATE') FROM pg_namespace WHERE nspname = 'public'), false) AS "publicCreate",
           has_database_privilege(current_database(), 'CREATE') OR EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle') AS "schemaCreate"`,
      )
      .catch((err: unknown) => {
        throw new TargetRefused(`Cannot connect to ${shown}: ${reason(err, url, timeoutMs)}`);
      });
    const row = facts.rows[0];
    if (row?.sync === 'off')
      throw new TargetRefused(
        `${shown} has synchronous_commit off: acknowledged writes could be lost on a crash; turn it on first`,
      );
    if (!row?.publicCreate || !row.schemaCreate)
      throw new TargetRefused(
        `The user ${row?.who ?? ''} may not create tables in the database ${row?.db ?? ''}: make it the database's owner (CREATE DATABASE … OWNER …)`,
      );
    await assertEmpty(pool).catch((err: unknown) => {
      if (err instanceof MoveRefused) throw new TargetRefused(err.message);
      throw new TargetRefused(`Cannot read ${shown}: ${reason(err, url, timeoutMs)}`);
    });
  } finally {
    await pool.end();
  }
}
