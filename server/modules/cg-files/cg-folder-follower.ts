import type { EventBus } from '../../lib/event-bus';
import type { Logger } from '../../lib/logger';

/** What the follower needs of the CG service: the files made to match the store, in the station's queue. */
export interface CgResync {
  /**
   * `started` runs when the resync's turn in the station's queue comes, before it reads the store;
   * `written` gets the texts it rewrote.
   */
  resync(
    companyId: number,
    options: { started: () => void; written: (changed: Record<string, string>) => void },
  ): Promise<void>;
  resyncEvery(written: (companyId: number, changed: Record<string, string>) => void): Promise<void>;
}

/**
 * Keeps this server's CG folders current with changes made on the other servers on the store
 * (issue 43): a graphics PC reading this PC's folder gets every station text, whichever server the
 * operator used. A change heard from another server resyncs the station's folder from the store,
 * in the station's own CG queue, so it never lands between this server's own file write and its
 * commit, and the files always hold a committed state, the newest when the queue reaches it.
 *
 * Coalesced per station: a burst of 100 changes on another server is one or two resyncs here, not
 * 100 jobs ahead of this server's own on-air writes in the queue.
 */
export class CgFolderFollower {
  /** Stations with a resync asked for and not yet started: a further change needs no other. */
  private readonly waiting = new Set<number>();
  private readonly offs: Array<() => void>;
  /** Until the start-up resync has claimed the folders, changes heard are only noted. */
  private started = false;
  private readonly heardBeforeStart = new Set<number>();

  constructor(
    bus: EventBus,
    private readonly cg: CgResync,
    private readonly logger: Logger,
    /** Texts another server put on air, now in this server's files: the outputs this server drives get them too. */
    private readonly followed: (companyId: number, changed: Record<string, string>) => void = () => undefined,
  ) {
    this.offs = [
      bus.subscribeRemote(({ type, companyId }) => {
        if (type === 'cg_file_updated') this.follow(companyId);
      }),
      bus.onGap(() => {
        if (this.started) void this.cg.resyncEvery(this.followed).catch((err: unknown) => this.failed(null, err));
      }),
    ];
  }

  /** After the start-up resync: what was heard meanwhile is followed now. */
  start(): void {
    this.started = true;
    for (const companyId of this.heardBeforeStart) this.follow(companyId);
    this.heardBeforeStart.clear();
  }

  close(): void {
    this.offs.forEach((off) => off());
  }

  private follow(companyId: number): void {
    if (!this.started) return void this.heardBeforeStart.add(companyId);
    if (this.waiting.has(companyId)) return;
    this.waiting.add(companyId);
    // Off the waiting set when its turn starts: a change announced after that may be newer than
    // what this resync reads, so it asks for one more.
    this.cg
      .resync(companyId, {
        started: () => this.waiting.delete(companyId),
        written: (changed) => this.followed(companyId, changed),
      })
      .catch((err: unknown) => this.failed(companyId, err))
      // A resync that failed before its turn began must not keep the station unfollowed.
      .finally(() => this.waiting.delete(companyId));
  }

  private failed(companyId: number | null, err: unknown): void {
    this.logger.error('CG folder not brought up to date with another server', { companyId, err: String(err) });
  }
}
