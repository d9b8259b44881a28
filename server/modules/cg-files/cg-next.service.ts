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
 * parallel Takes of one version exactly one reaches air. Everything here runs without an await
 * between a check and its change: the event loop is the lock.
 */
export class CgNextService {
  private readonly slots = new Map<number, Slot>();
  private readonly modes = new Map<number, boolean>();
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
  takeMode(companyId: number): boolean {
    let mode = this.modes.get(companyId);
    if (mode === undefined) {
      mode = new SettingsRepo(this.ctx.db).find(companyId)?.takeMode === true;
      this.modes.set(companyId, mode);
    }
    return mode;
  }

  /** Take mode changed in settings: turning it off discards Next (nothing stale waits for an Enter). */
  takeModeSaved(companyId: number, on: boolean): void {
    this.modes.set(companyId, on);
    if (!on) this.slots.delete(companyId);
    this.announce(companyId);
  }

  view(companyId: number): CgNext {
    const slot = this.slots.get(companyId);
    const name = (userId: number | null) => ({ userId, fullName: this.nameOf(companyId, userId) });
    return {
      takeMode: this.takeMode(companyId),
      version: slot?.version ?? 0,
      changes: slot ? [...slot.texts].map(([type, content]) => ({ type, content })) : [],
      updatedBy: slot?.texts.size ? name(slot.updatedBy) : null,
      updatedAt: slot?.texts.size ? slot.updatedAt : null,
      lastTake: slot?.lastTake
        ? { ...name(slot.lastTake.userId), version: slot.lastTake.version, at: slot.lastTake.at }
        : null,
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
    if (writer.source === 'prompter' || !this.takeMode(writer.companyId))
      return { staged: false, files: await this.cg.apply(writer, changes) };
    return { staged: true, next: this.stage(writer, () => changes) };
  }

  /**
   * Stages what `compute` returns; it sees the on-air texts with Next laid over them (the crawler
   * edits the list it will air, not the one on air now). Every text passes its on-air rule here,
   * so a bad text is refused when staged, not at Take.
   */
  stage(writer: Writer, compute: (current: CgSnapshot) => CgChange[]): CgNext {
    const slot = this.slotOf(writer.companyId);
    const current: CgSnapshot = Object.fromEntries(this.cg.list(writer).map((f) => [f.type, f.content]));
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
    const slot = this.slotOf(writer.companyId);
    if (!slot.texts.size) throw conflict(this.nothingToTake(writer.companyId, slot, version));
    if (version !== undefined && slot.version !== version)
      throw conflict('Next changed since you looked: check what is in NEXT now and take again.');
    const taken = new Map(slot.texts);
    slot.texts.clear();
    slot.lastTake = { version: slot.version, userId: writer.userId, at: this.ctx.clock.now().toISOString() };
    this.touch(writer.companyId, slot, writer.userId);
    try {
      const files = await this.cg.apply(
        writer,
        [...taken].map(([type, content]) => ({ type, content })),
        'cg_next_taken',
      );
      return { files, next: this.view(writer.companyId) };
    } catch (err) {
      this.putBack(writer.companyId, taken);
      throw err;
    }
  }

  /** Escape: empties Next. With a version, only that Next (a clear never discards what it did not see). */
  clear(writer: Writer, version?: number): CgNext {
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

  private nothingToTake(companyId: number, slot: Slot, version: number | undefined): string {
    const last = slot.lastTake;
    if (!last) return 'Nothing to take: NEXT is empty.';
    const who = this.nameOf(companyId, last.userId);
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

  private announce(companyId: number): void {
    this.ctx.bus.publish(companyId, 'cg_next_updated', this.view(companyId));
  }

  private nameOf(companyId: number, userId: number | null): string {
    if (userId === null) return 'the system';
    return new UsersRepo(this.ctx.db).findById(companyId, userId)?.fullName ?? 'another operator';
  }
}
