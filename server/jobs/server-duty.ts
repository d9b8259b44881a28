import { DutyLock } from '../db/duty-lock';
import type { Logger } from '../lib/logger';

/** The advisory-lock space of the jobs duty ('CGJB'), key 0: one holder for the whole store. */
export const JOBS_LOCK_SPACE = 0x43474a42;
const TRY_EVERY_MS = 1_000;

/**
 * Whether this server runs what must run once for the whole store (issue 43): the scheduled jobs
 * (wire polls, alerts, purges, the Sheets pull), the Telegram bots (Telegram lets one poller per
 * bot) and the messages they send. One server alone always holds it.
 */
export interface ServerDuty {
  holds(): boolean;
  /** Called when this server takes the duty up or loses it. */
  onChange(listener: (holds: boolean) => void): () => void;
}

/** SQLite: one server, which carries every duty. */
export const soleServer: ServerDuty = { holds: () => true, onChange: () => () => undefined };

/**
 * PostgreSQL: the server holding the jobs lock (a session advisory lock on a connection of its
 * own, server/db/duty-lock.ts). The first server to start holds it; the others try each second,
 * so when the holder dies another carries the duty within about a second.
 */
export class PgServerDuty implements ServerDuty {
  private readonly lock: DutyLock;
  private held = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<(holds: boolean) => void>();

  constructor(
    url: string,
    private readonly logger: Logger,
  ) {
    this.lock = new DutyLock(url, 'jobs duty');
    this.lock.onLost(() => this.set(false));
  }

  get applicationName(): string {
    return this.lock.applicationName;
  }

  holds(): boolean {
    return this.held;
  }

  onChange(listener: (holds: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    await this.tryTake();
    this.timer = setInterval(() => void this.tryTake(), TRY_EVERY_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.listeners.clear();
    this.held = false;
    await this.lock.close();
  }

  private async tryTake(): Promise<void> {
    if (this.held) return;
    try {
      if (await this.lock.tryTake(JOBS_LOCK_SPACE, 0)) this.set(true);
    } catch (err) {
      this.logger.warn('jobs duty: the store did not answer', { err: String(err) });
    }
  }

  private set(holds: boolean): void {
    if (this.held === holds) return;
    this.held = holds;
    this.logger.info(holds ? 'this server runs the jobs and bots' : 'jobs duty lost; another server takes it up');
    for (const listener of this.listeners) listener(holds);
  }
}
