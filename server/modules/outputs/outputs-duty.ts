import type { OutputStatusEntry } from '../../../shared/contracts/outputs';
import type { AppContext } from '../../context';
import { DutyLock } from '../../db/duty-lock';
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
  private readonly lock: DutyLock;
  private readonly held = new Set<number>();
  private readonly taking = new Set<number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly offs: Array<() => void> = [];
  private ticking = false;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly dispatcher: OutputDispatcher,
    private readonly rowsOf: () => Promise<OutputRow[]>,
    url: string,
  ) {
    this.lock = new DutyLock(url, 'outputs duty');
    this.offs.push(this.lock.onLost(() => this.lost()));
  }

  /** Its connection's name in pg_stat_activity. */
  get applicationName(): string {
    return this.lock.applicationName;
  }

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
        if (type === 'outputs_changed' && this.held.has(companyId))
          this.takeUp(companyId).catch((err: unknown) =>
            this.ctx.logger.error('outputs changed on another server not taken up', { companyId, err: String(err) }),
          );
      }),
    );
    await this.tick();
    this.timers.push(setInterval(() => void this.tick(), DUTY_TRY_EVERY_MS));
    this.timers.push(setInterval(() => this.dispatcher.announceAll(), ANNOUNCE_EVERY_MS));
    for (const t of this.timers) t.unref();
  }

  /**
   * An output of the station was added, edited or enabled on this server: if no server drives the
   * station yet, this one takes it up now rather than at its next try — its changes from this
   * moment reach the output (and are reported) as on a server alone. False: the station's outputs
   * are not this server's to start (another drives them, or it already does and reloads the one).
   */
  async claim(companyId: number): Promise<boolean> {
    try {
      return await this.take(companyId);
    } catch (err) {
      this.ctx.logger.warn('outputs duty: could not claim the station', { companyId, err: String(err) });
      return false;
    }
  }

  /** Ending the connection releases every station's lock: the other servers take them up. */
  async close(): Promise<void> {
    this.closed = true;
    this.timers.forEach(clearInterval);
    this.offs.forEach((off) => off());
    this.held.clear();
    await this.lock.close();
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      const rows = await this.rowsOf();
      const stations = new Set(rows.filter((r) => r.enabled).map((r) => r.companyId));
      for (const id of stations) await this.take(id);
    } catch (err) {
      this.ctx.logger.warn('outputs duty: could not check the stations', { err: String(err) });
    } finally {
      this.ticking = false;
    }
  }

  /** The locks went with the connection: this server drives nothing until it takes a station up again. */
  private lost(): void {
    if (this.held.size)
      this.ctx.logger.warn('outputs duty lost with its connection; another server takes the outputs over', {
        stations: [...this.held],
      });
    for (const id of this.held) this.dispatcher.giveUp(id);
    this.held.clear();
  }

  /** The station's lock, if free, and its outputs started; one try at a time per station. */
  private async take(companyId: number): Promise<boolean> {
    if (this.held.has(companyId) || this.taking.has(companyId) || this.closed) return false;
    this.taking.add(companyId);
    try {
      if (!(await this.lock.tryTake(OUTPUTS_LOCK_SPACE, companyId))) return false;
      this.held.add(companyId);
      await this.takeUp(companyId);
      return true;
    } finally {
      this.taking.delete(companyId);
    }
  }

  /** The station's rows read after the lock is held: an output committed meanwhile is among them. */
  private async takeUp(companyId: number): Promise<void> {
    const all = await this.rowsOf();
    if (!this.held.has(companyId)) return;
    this.ctx.logger.info('driving the station’s outputs', { companyId });
    this.dispatcher.giveUp(companyId);
    this.dispatcher.takeUp(all.filter((r) => r.companyId === companyId));
  }
}
