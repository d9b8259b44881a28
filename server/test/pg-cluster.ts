import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './spawn-server';

/**
 * A throwaway PostgreSQL cluster for a test file (issue 42): Debian's `postgresql` package, a data
 * folder in a temp folder the test owns, a free port on loopback; stopped and removed by `stop()`.
 * fsync is on unless the caller asks otherwise: the crash tests prove durability on it. The API
 * suite's cluster turns it off (`durable: false`): it proves behaviour, not the disk, and every
 * commit there would otherwise wait on one shared WAL's fsync. `synchronous_commit` stays on in
 * both, so the server sees the same settings. Never the system service. PostgreSQL refuses to
 * run as root, so as root (CI) the cluster belongs to the `postgres` system user.
 */
export interface PgCluster {
  /** The superuser's connection string to the `postgres` database. */
  url: string;
  port: number;
  /** A new empty database on the cluster; returns its connection string. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** Where initdb and pg_ctl live: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error(
      'PostgreSQL is not installed: apt-get install -y postgresql (Debian), or set PG_BIN to the folder of initdb and pg_ctl',
    );
  return path.join(base, newest, 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs one of PostgreSQL's programs (as the `postgres` user when we are root). */
export function run(bin: string, args: string[]): void {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/** Starts the cluster in `data` with server `options`, its log in `dir`, waiting until it takes connections. */
export function pgCtlStart(data: string, options: string, dir: string): void {
  run(path.join(postgresBin(), 'pg_ctl'), [
    '-D',
    data,
    '-o',
    options,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
}

/** A temp folder for a cluster, the `postgres` user's when we are root (PostgreSQL refuses root). */
export function clusterDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  return dir;
}

/** An empty cluster made by initdb in `dir`/data (superuser `cgb`, trust on loopback); its data folder. */
export function initCluster(dir: string): string {
  const data = path.join(dir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  run(path.join(postgresBin(), 'initdb'), [
    '-D',
    data,
    '-U',
    'cgb',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  return data;
}

export async function startPgCluster(opts: { durable?: boolean } = {}): Promise<PgCluster> {
  const durable = opts.durable ?? true;
  const bin = postgresBin();
  const dir = clusterDir('cgb-pg-');
  const data = initCluster(dir);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${durable ? 'on' : 'off'} -c full_page_writes=${durable ? 'on' : 'off'} -c synchronous_commit=on -c max_connections=200`;
  pgCtlStart(data, options, dir);
  const url = `postgres://cgb@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://cgb@127.0.0.1:${port}/${name}`;
    },
    stop() {
      if (stopped) return Promise.resolve();
      stopped = true;
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      return Promise.resolve();
    },
  };
}

/** One statement on a database of a test cluster, on a connection of its own; its rows. */
export async function pgQuery<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}
