import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { OutputStatusEntry } from '../../../shared/contracts/outputs';
import type { AppContext } from '../../context';
import type { OutputRow } from '../../db/schema';
import type { OutputDispatcher } from './output-dispatcher';

/** The advisory-lock space of the outputs' duty ('CGOU'); the key is the station's id. */
export const OUTPUTS_LOCK_SPACE = 0x43474f55;
/** How often a server tries to take up the stations nobody drives: the takeover after a death is within this (plus PostgreSQL noticing). */
export const DUTY_TRY_EVERY_MS = 1_000;
/** How often the driving server announces its outputs' statuses again, for servers started since. */
const ANNOUNCE_EVERY_MS = 5_000;

/**
 * Exactly one server on a PostgreSQL store drives each station's direct outputs (CasparCG, OBS,
 * vMix; issue 43): the one holding the station's session advisory lock on this connection of its
 * own. The engine releases the lock when that connection ends — the server stopped, crashed or lost
 * the network — and another server takes it up within a second: its lanes start and each output
 * gets the current state once (no history replayed). While it drives, the changes made on the other
 * servers reach its lanes too (pushTexts, from the CG folder follower); the others show the statuses
 * it announces.
 */
export class OutputsDuty {
  private client: pg.Client | null = null;
  private readonly held = new Set<number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly offs: Array<() => void> = [];
  private ticking = false;
  private closed = false;
  /** Its connection's name in pg_stat_activity: which server holds the outputs, for an engineer (or a test). */
  readonly applicationName = `cg-bridge outputs duty ${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly ctx: AppContext,
    private readonly dispatcher: OutputDispatcher,
    private readonly rowsOf: () => Promise<OutputRow[]>,
    private readonly url: string,
  ) {}

  holds(companyId: number): boolean {
    return this.held.has(companyId);
  }

  /** Before the server takes requests: the stations nobody drives are taken up now. */
  async start(): Promise<void> {
    const { bus } = this.ctx;
    this.offs.push(
      bus.subscribeRemote(({ type, companyId, data }) => {
        if (type === 'output_status') {
          const entry = data as OutputStatusEntry;
          if (!this.held.has(companyId)) this.dispatcher.hear(entry.id, entry.status);
        }
        // An output added, edited or removed on another server: the driving server restarts the station's lanes.
        if (type === 'outputs_changed' && this.held.has(companyId)) void this.takeUp(companyId);
      }),
    );
    await this.tick();
    this.timers.push(setInterval(() => void this.tick(), DUTY_TRY_EVERY_MS));
    this.timers.push(setInterval(() => this.dispatcher.announceAll(), ANNOUNCE_EVERY_MS));
    for (const t of this.timers) t.unref();
  }

  /** Ending the connection releases every station's lock: the other servers take them up. */
  async close(): Promise<void> {
    this.closed = true;
    this.timers.forEach(clearInterval);
    this.offs.forEach((off) => off());
    const client = this.client;
    this.client = null;
    this.held.clear();
    await client?.end().catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      const client = this.client ?? (await this.connect());
      const rows = await this.rowsOf();
      const stations = new Set(rows.filter((r) => r.enabled).map((r) => r.companyId));
      for (const id of stations) {
        if (this.held.has(id) || this.closed) continue;
        const { rows: got } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
          OUTPUTS_LOCK_SPACE,
          id,
        ]);
        if (got[0]?.ok) {
          this.held.add(id);
          await this.takeUp(id, rows);
        }
      }
    } catch (err) {
      this.ctx.logger.warn('outputs duty: could not check the stations', { err: String(err) });
    } finally {
      this.ticking = false;
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, application_name: this.applicationName });
    client.on('error', () => undefined);
    await client.connect();
    client.once('end', () => this.lost(client));
    if (this.closed) {
      await client.end();
      throw new Error('closed');
    }
    this.client = client;
    return client;
  }

  /** The lock went with the connection: this server drives nothing until it takes a station up again. */
  private lost(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    if (this.held.size)
      this.ctx.logger.warn('outputs duty lost with its connection; another server takes the outputs over', {
        stations: [...this.held],
      });
    for (const id of this.held) this.dispatcher.giveUp(id);
    this.held.clear();
  }

  private async takeUp(companyId: number, rows?: OutputRow[]): Promise<void> {
    const all = rows ?? (await this.rowsOf());
    if (!this.held.has(companyId)) return;
    this.ctx.logger.info('driving the station’s outputs', { companyId });
    this.dispatcher.giveUp(companyId);
    this.dispatcher.takeUp(all.filter((r) => r.companyId === companyId));
  }
}
