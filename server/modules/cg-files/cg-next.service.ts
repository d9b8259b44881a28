import type { CgNext } from '../../../shared/contracts/cg-next';
import type { CgFile, CgWritableType } from '../../../shared/contracts/cg-files';
import type { AppContext } from '../../context';
import type { CgSnapshot } from '../../integrations/cg-writer/cg-writer';
import { conflict } from '../../lib/errors';
import { SettingsRepo } from '../settings/settings.repo';
import { UsersRepo } from '../users/users.repo';
import { assertOnAir, type CgChange } from './cg-changes';
import type { CgFilesService, Writer } from './cg-files.service';

/** One company's Next slot. Held in memory only (docs/decisions.md: Next does not survive a restart). */
interface Slot {
  version: number;
  /** type → text, in the order the types were first staged (Take writes them in that order). */
  texts: Map<CgWritableType, string>;
  updatedBy: number | null;
  updatedAt: string | null;
  lastTake: { version: number; userId: number | null; at: string } | null;
}

/** A send that went to Next (take mode on) or to air (take mode off). */
export type SendResult = { staged: true; next: CgNext } | { staged: false; files: CgFile[] };

/**
 * Preview and take (issue 25). With take mode on, sends are staged per company in Next (newest
 * text per type) and `take` airs them through CgFilesService.apply — files, outputs and as-run
 * follow as for any write — emptying Next in the same synchronous step, so of any number of
 * parallel Takes of one version exactly one reaches air. What comes from the store (the on-air
 * texts, take mode, names) is awaited before a check or after its change, never between them:
 * the event loop is the lock.
 */
export class CgNextService {
  private readonly slots = new Map<number, Slot>();
  private readonly modes = new Map<number, boolean>();
  /** Per company: the last cg_next_updated on its way out (they go out in the order Next changed). */
  private readonly announcing = new Map<number, Promise<void>>();
  /**
   * Versions come from one counter seeded with the start time: a version a client saw before a
   * restart never names a different Next after it.
   */
  private counter = Date.now();

  constructor(
    private readonly ctx: AppContext,
    private readonly cg: CgFilesService,
  ) {}

  /** The company's take mode (cached; SettingsService calls takeModeSaved on change). */
  async takeMode(companyId: number): Promise<boolean> {
    const cached = this.modes.get(companyId);
    if (cached !== undefined) return cached;
    const stored = await this.ctx.store.read((q) => new SettingsRepo(q).find(companyId));
    // A takeModeSaved during the read wins over what the read found.
    if (!this.modes.has(companyId)) this.modes.set(companyId, stored?.takeMode === true);
    return this.modes.get(companyId) === true;
  }

  /** Take mode changed in settings: turning it off discards Next (nothing stale waits for an Enter). */
  takeModeSaved(companyId: number, on: boolean): void {
    this.modes.set(companyId, on);
    if (!on) this.slots.delete(companyId);
    this.announce(companyId);
  }

  async view(companyId: number): Promise<CgNext> {
    // Next as it is now, copied before the first await: a view shows one moment.
    const slot = this.slots.get(companyId);
    const version = slot?.version ?? 0;
    const changes = slot ? [...slot.texts].map(([type, content]) => ({ type, content })) : [];
    const staged = slot?.texts.size ? { by: slot.updatedBy, at: slot.updatedAt } : null;
    const lastTake = slot?.lastTake ?? null;
    const name = async (userId: number | null) => ({ userId, fullName: await this.nameOf(companyId, userId) });
    return {
      takeMode: await this.takeMode(companyId),
      version,
      changes,
      updatedBy: staged ? await name(staged.by) : null,
      updatedAt: staged ? staged.at : null,
      lastTake: lastTake ? { ...(await name(lastTake.userId)), version: lastTake.version, at: lastTake.at } : null,
    };
  }

  /** The text staged for one type, or undefined (no user lookups: the crawler list is polled). */
  stagedOf(companyId: number, type: CgWritableType): string | undefined {
    return this.slots.get(companyId)?.texts.get(type);
  }

  /**
   * CG Control, the preview and Telegram: staged when take mode is on, else straight to air as
   * before. The prompter's cue (source 'prompter') always airs at once.
   */
  async send(writer: Writer, changes: CgChange[]): Promise<SendResult> {
    if (writer.source === 'prompter' || !(await this.takeMode(writer.companyId)))
      return { staged: false, files: await this.cg.apply(writer, changes) };
    return { staged: true, next: await this.stage(writer, () => changes) };
  }

  /**
   * Stages what `compute` returns; it sees the on-air texts with Next laid over them (the crawler
   * edits the list it will air, not the one on air now). Every text passes its on-air rule here,
   * so a bad text is refused when staged, not at Take.
   */
  async stage(writer: Writer, compute: (current: CgSnapshot) => CgChange[]): Promise<CgNext> {
    const onAir = await this.cg.list(writer);
    // From reading Next to changing it nothing awaits: two stages never build on the same Next.
    // Callers staged because take mode was on; turned off during the read, Next must stay empty.
    if (this.modes.get(writer.companyId) === false)
      throw conflict('Take mode was turned off meanwhile: nothing was staged. Send it again.');
    const slot = this.slotOf(writer.companyId);
    const current: CgSnapshot = Object.fromEntries(onAir.map((f) => [f.type, f.content]));
    for (const [type, text] of slot.texts) current[type] = text;
    const changes = compute(current);
    changes.forEach(assertOnAir);
    if (!changes.length) return this.view(writer.companyId);
    for (const c of changes) slot.texts.set(c.type as CgWritableType, c.content);
    this.touch(writer.companyId, slot, writer.userId);
    return this.view(writer.companyId);
  }

  /**
   * Airs Next if it is still the version the caller saw. Next is emptied before the write starts;
   * if the write fails (503: a file could not be replaced) what was taken goes back under anything
   * staged meanwhile, and the caller gets the failure. Without a version (a Stream Deck button,
   * which shows no Next) it takes whatever Next holds now.
   */
  async take(writer: Writer, version?: number): Promise<{ files: CgFile[]; next: CgNext }> {
    // Checked and emptied with no await between: of parallel Takes exactly one finds Next full.
    const slot = this.slotOf(writer.companyId);
    if (!slot.texts.size) throw conflict(await this.nothingToTake(writer.companyId, slot, version));
    if (version !== undefined && slot.version !== version)
      throw conflict('Next changed since you looked: check what is in NEXT now and take again.');
    const taken = new Map(slot.texts);
    slot.texts.clear();
    slot.lastTake = { version: slot.version, userId: writer.userId, at: this.ctx.clock.now().toISOString() };
    this.touch(writer.companyId, slot, writer.userId);
    let files: CgFile[];
    try {
      files = await this.cg.apply(
        writer,
        [...taken].map(([type, content]) => ({ type, content })),
        'cg_next_taken',
      );
    } catch (err) {
      this.putBack(writer.companyId, taken);
      throw err;
    }
    // After the try: a failed read of the answer's view must not put back what is on air now.
    return { files, next: await this.view(writer.companyId) };
  }

  /** Escape: empties Next. With a version, only that Next (a clear never discards what it did not see). */
  async clear(writer: Writer, version?: number): Promise<CgNext> {
    const slot = this.slotOf(writer.companyId);
    if (version !== undefined && slot.texts.size && slot.version !== version) {
      throw conflict('Next changed since you looked: check what is in NEXT now before clearing it.');
    }
    if (slot.texts.size) {
      slot.texts.clear();
      this.touch(writer.companyId, slot, writer.userId);
    }
    return this.view(writer.companyId);
  }

  private async nothingToTake(companyId: number, slot: Slot, version: number | undefined): Promise<string> {
    const last = slot.lastTake;
    if (!last) return 'Nothing to take: NEXT is empty.';
    const who = await this.nameOf(companyId, last.userId);
    if (version === undefined) return `Nothing to take: NEXT is empty (${who} took it last).`;
    return last.version >= version && version > 0
      ? `Nothing to take: ${who} already took it.`
      : 'Nothing to take: NEXT is empty.';
  }

  private putBack(companyId: number, taken: Map<CgWritableType, string>): void {
    const slot = this.slotOf(companyId);
    const newer = new Map(slot.texts);
    slot.texts = new Map([...taken, ...newer]);
    this.touch(companyId, slot, slot.updatedBy);
  }

  private slotOf(companyId: number): Slot {
    let slot = this.slots.get(companyId);
    if (!slot) {
      slot = { version: 0, texts: new Map(), updatedBy: null, updatedAt: null, lastTake: null };
      this.slots.set(companyId, slot);
    }
    return slot;
  }

  /** A new version, and every operator of the company hears of it. */
  private touch(companyId: number, slot: Slot, userId: number | null): void {
    slot.version = ++this.counter;
    slot.updatedBy = userId;
    slot.updatedAt = this.ctx.clock.now().toISOString();
    this.announce(companyId);
  }

  /**
   * The view is taken now (Next as this change left it) and goes out after the company's earlier
   * ones: their names are read from the store, and a later view must never overtake an earlier one.
   */
  private announce(companyId: number): void {
    const viewed = this.view(companyId);
    viewed.catch(() => undefined); // reported in order below, not as an unhandled rejection meanwhile
    const sent = (this.announcing.get(companyId) ?? Promise.resolve())
      .then(async () => this.ctx.bus.publish(companyId, 'cg_next_updated', await viewed))
      .catch((err: unknown) => this.ctx.logger.error('cg_next_updated could not be sent', { companyId, err }));
    this.announcing.set(companyId, sent);
  }

  private async nameOf(companyId: number, userId: number | null): Promise<string> {
    if (userId === null) return 'the system';
    const user = await this.ctx.store.read((q) => new UsersRepo(q).findById(companyId, userId));
    return user?.fullName ?? 'another operator';
  }
}
