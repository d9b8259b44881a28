import pg from 'pg';

/** One standby replicating from a main, as the main's pg_stat_replication shows it. */
export interface Replica {
  name: string;
  /** 'async', 'sync', 'quorum' or 'potential' (pg_stat_replication.sync_state). */
  syncState: string;
  /** replay_lag in ms (0 when idle and caught up). */
  lagMs: number;
  /** WAL the standby has not replayed yet, in bytes. */
  behindBytes: number;
}

/** One PostgreSQL server of a main and backup pair, as one probe found it. */
export interface NodeState {
  url: string;
  reachable: boolean;
  /** cluster_name ("PC-A"), or the host of its connection string when none is set. */
  name: string;
  /** In recovery: a standby (the backup), read-only. */
  standby: boolean;
  timeline: number | null;
  /** The main's current WAL position; a standby's furthest received or replayed one. */
  lsn: string | null;
  replicas: Replica[];
  /** Physical replication slots nobody is using: a backup that was set up and is not connected. */
  slotsInactive: number;
}

/**
 * One round trip, the same on a main and on a standby (a CASE keeps the main-only functions from
 * running on a standby, where they fail). The timeline: a main's from its current WAL file's name,
 * a standby's from its WAL receiver, else its last restart point.
 */
const PROBE_SQL = `
select pg_is_in_recovery() as standby,
  current_setting('cluster_name') as name,
  case when pg_is_in_recovery()
    then coalesce((select received_tli from pg_stat_wal_receiver limit 1), (select timeline_id from pg_control_checkpoint()))
    else ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int end as timeline,
  case when pg_is_in_recovery()
    then greatest(pg_last_wal_receive_lsn(), pg_last_wal_replay_lsn())::text
    else pg_current_wal_lsn()::text end as lsn,
  case when pg_is_in_recovery() then '[]'::json
    else coalesce((select json_agg(json_build_object(
      'name', application_name, 'syncState', sync_state,
      'lagMs', coalesce(round(extract(epoch from replay_lag) * 1000), 0),
      'behindBytes', coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn), 0)))
      from pg_stat_replication), '[]'::json) end as replicas,
  (select count(*) from pg_replication_slots where slot_type = 'physical' and not active)::int as slots_inactive`;

interface ProbeRow {
  standby: boolean;
  name: string;
  timeline: number | null;
  lsn: string | null;
  replicas: Replica[];
  slots_inactive: number;
}

/** The host (and port) of a connection string: a node's name when it has no cluster_name. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * A connection of the HA monitor's own to one node (named `cg-bridge ha monitor` in
 * pg_stat_activity), opened again after any failure. Connecting and each query give up after
 * `timeoutMs`: a PC that is gone must read as unreachable within seconds, not after TCP's minutes.
 */
export class NodeProbe {
  private client: pg.Client | null = null;
  private lastName: string;

  constructor(
    readonly url: string,
    private readonly timeoutMs = 2_000,
  ) {
    this.lastName = hostOf(url);
  }

  async read(): Promise<NodeState> {
    try {
      const { rows } = await this.query<ProbeRow>(PROBE_SQL);
      const row = rows[0]!;
      this.lastName = row.name || hostOf(this.url);
      return {
        url: this.url,
        reachable: true,
        name: this.lastName,
        standby: row.standby,
        timeline: row.timeline,
        lsn: row.lsn,
        replicas: row.replicas.map((r) => ({ ...r, lagMs: Number(r.lagMs), behindBytes: Number(r.behindBytes) })),
        slotsInactive: row.slots_inactive,
      };
    } catch {
      return this.unreachable();
    }
  }

  /** The state of a node that did not answer: its last known name, nothing else. */
  unreachable(): NodeState {
    return {
      url: this.url,
      reachable: false,
      name: this.lastName,
      standby: false,
      timeline: null,
      lsn: null,
      replicas: [],
      slotsInactive: 0,
    };
  }

  async query<T extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<T>> {
    const client = await this.connect();
    try {
      return await client.query<T>(text);
    } catch (err) {
      this.drop();
      throw err;
    }
  }

  close(): void {
    this.drop();
  }

  private async connect(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'cg-bridge ha monitor',
      connectionTimeoutMillis: this.timeoutMs,
      query_timeout: this.timeoutMs,
      keepAlive: true,
    });
    client.on('error', () => undefined);
    client.once('end', () => {
      if (this.client === client) this.client = null;
    });
    try {
      await client.connect();
    } catch (err) {
      void client.end().catch(() => undefined);
      throw err;
    }
    return (this.client = client);
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    void client?.end().catch(() => undefined);
  }
}

/**
 * Makes a node that is no longer the main refuse CG Bridge's writes (issue 43, fencing): every
 * new transaction read-only (ALTER SYSTEM, so it holds across the node's restarts until it is
 * rejoined as a backup), and the sessions on it now ended, so no server keeps writing there.
 */
export async function fence(probe: NodeProbe): Promise<void> {
  await probe.query('ALTER SYSTEM SET default_transaction_read_only = on');
  await probe.query('select pg_reload_conf()');
  await probe.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
}

/** Promotes a standby to main (the engine's own pg_promote, waiting up to 30 s), writes allowed. */
export async function promote(probe: NodeProbe): Promise<void> {
  const { rows } = await probe.query<{ promoted: boolean }>('select pg_promote(true, 30) as promoted');
  if (!rows[0]?.promoted) throw new Error(`${hostOf(probe.url)} did not finish its promotion within 30 s`);
  // A node fenced once, then rejoined and now promoted, takes writes again.
  await probe.query('ALTER SYSTEM RESET default_transaction_read_only');
  await probe.query('select pg_reload_conf()');
}
