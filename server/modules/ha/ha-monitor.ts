import type { HaStatus, TakeoverProgress } from '../../../shared/contracts/ha';
import type { HeardPositions } from '../../live/pg-relay';
import type { Logger } from '../../lib/logger';
import { NodeProbe, promote, type NodeState } from './ha-node';
import { pairStatus, type PairMemory } from './ha-status';

const TICK_MS = 1_000;

export interface MonitorDeps {
  /** What the relay heard committed on the main (the changes a takeover would lose); null without one. */
  heard: HeardPositions | null;
  now: () => number;
  logger: Logger;
  /** The status changed: every client of this server hears it (the hub's `ha_status`). */
  onStatus: (status: HaStatus) => void;
  /** The other node is the main now (promoted here or elsewhere): this server restarts onto it. */
  onMainMoved: (why: string) => void;
}

/** Why a takeover is refused: the dialog shows the message (409). */
export class TakeoverRefused extends Error {}

/**
 * Watches a main and backup pair every second (issue 43) from the server writing to the main: the
 * main's replication (who backs it up, how far behind), the backup's state, and — when the main
 * stops answering — the takeover the backup's operators are offered. Also notices when the other
 * node has become the main (this server is on an old main) and has the server follow it.
 */
export class HaMonitor {
  private readonly main: NodeProbe;
  private readonly other: NodeProbe;
  /** The other node's connection string (the backup while this server writes to the main). */
  readonly otherUrl: string;
  private readonly memory: PairMemory;
  private current: HaStatus | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  /** Set once this server restarts onto the other node: said once, never twice. */
  private leaving = false;

  constructor(
    pair: readonly [string, string],
    mainUrl: string,
    private readonly deps: MonitorDeps,
  ) {
    this.main = new NodeProbe(mainUrl);
    this.otherUrl = pair[0] === mainUrl ? pair[1] : pair[0];
    this.other = new NodeProbe(this.otherUrl);
    this.memory = {
      lostSince: null,
      lastSynchronous: false,
      changesBeyond: (lsn) => (deps.heard && lsn ? deps.heard.beyond(lsn) : 0),
      takeover: null,
    };
  }

  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  status(): HaStatus | null {
    return this.current;
  }

  /** One look at both nodes; one at a time (a slow probe is not overtaken by the next). */
  tick(): Promise<void> {
    this.ticking ??= Promise.all([this.main.read(), this.other.read()])
      .then(([main, other]) => this.observe(main, other))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  private observe(main: NodeState, other: NodeState): void {
    const now = this.deps.now();
    if (main.reachable) {
      this.memory.lostSince = null;
      const sync = main.replicas[0]?.syncState;
      this.memory.lastSynchronous = sync === 'sync' || sync === 'quorum';
    } else this.memory.lostSince ??= now;
    const otherIsMain = other.reachable && !other.standby;
    if (otherIsMain && !this.leaving && (!main.reachable || (other.timeline ?? 0) > (main.timeline ?? 0))) {
      this.leaving = true;
      this.deps.onMainMoved(`${other.name} is the main now (timeline ${other.timeline})`);
    }
    this.publish(pairStatus(main, other, this.memory, now));
  }

  private publish(next: HaStatus): void {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    this.deps.onStatus(next);
  }

  private say(state: TakeoverProgress['state'], message: string): void {
    this.memory.takeover = { state, message, at: new Date(this.deps.now()).toISOString() };
    if (this.current) this.publish({ ...this.current, takeover: this.memory.takeover });
  }

  /**
   * "Main lost — take over?" confirmed: looks again (a main that answers now is not replaced),
   * promotes the backup, and has the server restart onto it. One at a time.
   */
  async takeover(): Promise<void> {
    if (this.leaving) throw new TakeoverRefused('A takeover is already under way');
    await this.tick();
    const lost = this.current?.mainLost;
    if (!lost) throw new TakeoverRefused(this.current?.warning ?? 'The main answers: there is nothing to take over');
    if (this.leaving) throw new TakeoverRefused('A takeover is already under way');
    this.leaving = true;
    this.deps.logger.warn('taking over: promoting the backup', { main: lost.main, backup: lost.backup });
    this.say('promoting', `Promoting ${lost.backup} to main…`);
    try {
      await promote(this.other);
    } catch (err) {
      this.leaving = false;
      const why = err instanceof Error ? err.message : String(err);
      this.say('failed', `${lost.backup} could not be promoted: ${why}`);
      throw new TakeoverRefused(`${lost.backup} could not be promoted: ${why}`);
    }
    this.say('restarting', `${lost.backup} is the main; CG Bridge restarts on it`);
    this.deps.onMainMoved(`${lost.backup} was promoted by a takeover`);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.main.close();
    this.other.close();
  }
}
