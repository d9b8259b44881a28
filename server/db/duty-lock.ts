import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A connection of its own that holds PostgreSQL session advisory locks: a duty only one server on
 * the store may carry at a time (issue 43: driving a station's outputs, running the scheduled jobs
 * and bots). The engine releases every lock the moment the connection ends — the server stopped,
 * was killed or lost the network — so another server's next try takes the duty over; no lease,
 * heartbeat or election of ours.
 */
export class DutyLock {
  private client: pg.Client | null = null;
  private closed = false;
  private readonly lostListeners = new Set<() => void>();
  /** Its name in pg_stat_activity: which server carries which duty, for an engineer (or a test). */
  readonly applicationName: string;

  constructor(
    private readonly url: string,
    duty: string,
  ) {
    this.applicationName = `cg-bridge ${duty} ${randomUUID().slice(0, 8)}`;
  }

  /** Takes the lock if no other connection holds it; connects first when needed. */
  async tryTake(space: number, key: number): Promise<boolean> {
    const client = this.client ?? (await this.connect());
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [space, key]);
    return rows[0]?.ok === true;
  }

  /** Gives one lock back (a duty taken but not carried out). */
  async give(space: number, key: number): Promise<void> {
    await this.client?.query('select pg_advisory_unlock($1, $2)', [space, key]).catch(() => undefined);
  }

  /** Every lock went with the connection: called once per lost connection. */
  onLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<pg.Client> {
    if (this.closed) throw new Error('closed');
    const client = new pg.Client({ connectionString: this.url, application_name: this.applicationName });
    client.on('error', () => undefined);
    await client.connect();
    if (this.closed) {
      await client.end();
      throw new Error('closed');
    }
    client.once('end', () => {
      if (this.client !== client) return;
      this.client = null;
      if (!this.closed) for (const listener of this.lostListeners) listener();
    });
    this.client = client;
    return client;
  }
}
