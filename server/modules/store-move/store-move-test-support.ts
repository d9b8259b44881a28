import Database from 'better-sqlite3';
import { DB_FILE } from '../../db/store-file';
import { pgQuery, type PgCluster } from '../../test/pg-cluster';

/** The role the moves sign in as: a password of its own, as a station's IT would set up. */
export const MOVER = { user: 'mover', password: 'right-secret-42' } as const;

/** Raw SQL on the test cluster (the move tests' name for it). */
export { pgQuery as sql };

/**
 * The test cluster starts with trust for everyone; a move should meet a real sign-in. The mover
 * role gets a password and pg_hba asks for it over TCP (the superuser keeps trust, to set up).
 */
export async function requirePasswords(cluster: PgCluster): Promise<void> {
  await pgQuery(cluster.url, `CREATE ROLE ${MOVER.user} LOGIN PASSWORD '${MOVER.password}'`);
  const [hba] = await pgQuery<{ hba_file: string }>(cluster.url, 'SHOW hba_file');
  const lines = ['local all all trust', 'host all cgb 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 scram-sha-256'];
  const values = lines.map((l, i) => `(${i}, '${l}')`).join(', ');
  await pgQuery(
    cluster.url,
    `COPY (SELECT line FROM (VALUES ${values}) v(n, line) ORDER BY n) TO '${(hba?.hba_file ?? '').replace(/'/g, "''")}'`,
  );
  await pgQuery(cluster.url, 'SELECT pg_reload_conf()');
}

/** An empty database the mover owns; its connection string with the mover's password (or `password`). */
export async function emptyDatabase(cluster: PgCluster, name: string, password: string = MOVER.password) {
  await pgQuery(cluster.url, `CREATE DATABASE ${name} OWNER ${MOVER.user}`);
  return {
    url: `postgres://${MOVER.user}:${password}@127.0.0.1:${cluster.port}/${name}`,
    admin: cluster.url.replace(/\/postgres$/, `/${name}`),
  };
}

/** Titles of the stories in the SQLite file, read from the file itself. */
export function sqliteTitles(dataDir: string): string[] {
  const db = new Database(`${dataDir}/${DB_FILE}`, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT title FROM news').pluck().all() as string[];
  } finally {
    db.close();
  }
}

export { backAfterRestart } from '../../test/server-restart';
