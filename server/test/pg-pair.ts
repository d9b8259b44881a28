import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { clusterDir, initCluster, pgCtlStart, postgresBin, run } from './pg-cluster';
import { freePort } from './spawn-server';

/**
 * A main and backup pair for a test (issue 43): two throwaway PostgreSQL clusters on loopback, the
 * backup a streaming replica of the main made the engine's way (pg_basebackup -R with a physical
 * replication slot), each named by cluster_name as a station names its PCs ("PC-A", "PC-B").
 * wal_log_hints is on, as docs/high-availability.md asks, so an old main can be rejoined with
 * pg_rewind. `kill9` kills a node's postmaster as a power cut would; `stop()` stops and removes both.
 */
export interface PairNode {
  name: string;
  port: number;
  dir: string;
  data: string;
  /** The CG Bridge database on this node. */
  url: string;
  start(): void;
  stopClean(): void;
  kill9(): void;
  /** Whether a process answers on the node's port (its postmaster is alive). */
  running(): boolean;
}

export interface PgPair {
  a: PairNode;
  b: PairNode;
  stop(): Promise<void>;
}

const DB = 'cgbridge';

function node(name: string, port: number, dir: string): PairNode {
  const bin = postgresBin();
  const data = path.join(dir, 'data');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c cluster_name=${name} -c wal_log_hints=on -c fsync=on -c synchronous_commit=on -c max_connections=200 -c wal_sender_timeout=5s -c wal_receiver_status_interval=1s`;
  const pidFile = path.join(data, 'postmaster.pid');
  const self: PairNode = {
    name,
    port,
    dir,
    data,
    url: `postgres://cgb@127.0.0.1:${port}/${DB}`,
    start: () => pgCtlStart(data, options, dir),
    stopClean: () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
    kill9: () => {
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    },
    running: () => {
      if (!fs.existsSync(pidFile)) return false;
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    },
  };
  return self;
}

/** Makes `target` (stopped, empty) a streaming backup of the node on `fromPort`, via pg_basebackup -R. */
export function baseBackup(target: PairNode, fromPort: number, slot: string): void {
  fs.rmSync(target.data, { recursive: true, force: true });
  run(path.join(postgresBin(), 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(fromPort),
    '-U',
    'cgb',
    '-D',
    target.data,
    '-R',
    '-X',
    'stream',
    '-S',
    slot,
    '--checkpoint=fast',
    '--no-sync',
  ]);
}

/**
 * Rejoins an old main (stopped cleanly) as the backup of the node on `fromPort`: pg_rewind takes
 * back what the old main wrote after the split and writes standby.signal and primary_conninfo (-R).
 */
export function rewind(target: PairNode, fromPort: number): void {
  run(path.join(postgresBin(), 'pg_rewind'), [
    '--target-pgdata',
    target.data,
    '--source-server',
    `host=127.0.0.1 port=${fromPort} user=cgb dbname=postgres`,
    '--write-recovery-conf',
    '--no-sync',
  ]);
}

/** `synchronous`: the main waits for the backup's flush before acknowledging a commit (synchronous_standby_names). */
export async function startPgPair(opts: { synchronous?: boolean } = {}): Promise<PgPair> {
  const bin = postgresBin();
  const a = node('PC-A', await freePort(), clusterDir('cgb-pair-'));
  const b = node('PC-B', await freePort(), clusterDir('cgb-pair-'));
  let stopped = false;
  const pair: PgPair = {
    a,
    b,
    stop: () => {
      if (stopped) return Promise.resolve();
      stopped = true;
      for (const n of [a, b]) {
        if (n.running()) {
          try {
            run(path.join(bin, 'pg_ctl'), ['-D', n.data, '-m', 'immediate', '-w', 'stop']);
          } catch {
            // Already going.
          }
        }
        fs.rmSync(n.dir, { recursive: true, force: true });
      }
      return Promise.resolve();
    },
  };
  try {
    initCluster(a.dir);
    a.start();
    await sql(`postgres://cgb@127.0.0.1:${a.port}/postgres`, `CREATE DATABASE ${DB}`);
    await sql(a.url, `select pg_create_physical_replication_slot('backup')`);
    baseBackup(b, a.port, 'backup');
    b.start();
    if (opts.synchronous) {
      await sql(a.url, `ALTER SYSTEM SET synchronous_standby_names = '"PC-B"'`);
      await sql(a.url, 'select pg_reload_conf()');
      await untilSync(a.url);
    }
    return pair;
  } catch (err) {
    await pair.stop();
    throw err;
  }
}

async function untilSync(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const rows = await sql<{ sync_state: string }>(url, 'select sync_state from pg_stat_replication');
    if (rows[0]?.sync_state === 'sync') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the backup did not become synchronous');
}

/** One statement on its own connection; its rows. */
export async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}
