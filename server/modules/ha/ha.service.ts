import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { HaStatus, ServerList, TakeoverProgress } from '../../../shared/contracts/ha';
import * as pgSchema from '../../db/pg-schema';
import type { Q } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { conflict } from '../../lib/errors';
import type { AuthService } from '../auth/auth.service';
import { TakeoverRefused, type HaMonitor } from './ha-monitor';
import { NO_PAIR } from './ha-status';

/**
 * Main and backup for the API (issue 43): the pair's status for every signed-in user (the header
 * strip), and the takeover for those who may put text on air (the route table), allowed only while
 * this server sees the main lost and the backup answering.
 */
export class HaService {
  /** Set by startServer when the store is a main and backup pair. */
  monitor: HaMonitor | null = null;
  /** Set by startServer: every server of the store (PgRelay.servers), or this one alone. */
  listServers: () => Promise<string[]> = () => Promise.resolve([]);
  private backupReader: { pool: pg.Pool; db: Q } | null = null;

  constructor(private readonly auth: Pick<AuthService, 'authenticateOn'>) {}

  status(): HaStatus {
    return this.monitor?.status() ?? NO_PAIR;
  }

  /** The main does not answer (lost, or not yet for long enough to offer the takeover). */
  mainSilent(): boolean {
    return this.status().nodes[0]?.role === 'unreachable';
  }

  /** The caller as the backup's replica knows the session (read-only; the main's store is gone). */
  authenticateOnBackup(token: string): Promise<Actor | null> {
    if (!this.monitor) return Promise.resolve(null);
    if (!this.backupReader) {
      const pool = new pg.Pool({ connectionString: this.monitor.otherUrl, max: 2, connectionTimeoutMillis: 3_000 });
      pool.on('error', () => undefined);
      this.backupReader = { pool, db: drizzle(pool, { schema: pgSchema }) as unknown as Q };
    }
    return this.auth.authenticateOn(this.backupReader.db, token);
  }

  async servers(): Promise<ServerList> {
    return { servers: await this.listServers() };
  }

  async takeover(): Promise<TakeoverProgress> {
    if (!this.monitor) throw conflict('This server has no backup to take over with (docs/high-availability.md)');
    try {
      await this.monitor.takeover();
    } catch (err) {
      if (err instanceof TakeoverRefused) throw conflict(err.message);
      throw err;
    }
    return this.status().takeover!;
  }

  async close(): Promise<void> {
    const reader = this.backupReader;
    this.backupReader = null;
    await reader?.pool.end().catch(() => undefined);
  }
}
