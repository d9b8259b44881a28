import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { openOwnConnection } from './pg-client';

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
    const client = await openOwnConnection(this.url, this.applicationName, {
      onEnd: (ended) => {
        if (this.client !== ended) return;
        this.client = null;
        if (!this.closed) for (const listener of this.lostListeners) listener();
      },
    });
    if (this.closed) {
      await client.end();
      throw new Error('closed');
    }
    this.client = client;
    return client;
  }
}
