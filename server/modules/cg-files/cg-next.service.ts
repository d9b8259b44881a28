import type { CgNext } from '../../../shared/contracts/cg-next';
import type { CgFile, CgWritableType } from '../../../shared/contracts/cg-files';
import type { AppContext } from '../../context';
import type { Q } from '../../db/store';
import type { CgSnapshot } from '../../integrations/cg-writer/cg-writer';
import { conflict } from '../../lib/errors';
import { SettingsRepo } from '../settings/settings.repo';
import { UsersRepo } from '../users/users.repo';
import { assertOnAir, type CgChange } from './cg-changes';
import type { CgFilesService, Writer } from './cg-files.service';
import { CgNextRepo, type NextSlot as Slot } from './cg-next.repo';

/** A send that went to Next (take mode on) or to air (take mode off). */
export type SendResult = { staged: true; next: CgNext } | { staged: false; files: CgFile[] };

/**
 * Preview and take (issue 25). With take mode on, sends are staged per company in NEXT (newest
 * text per type) and `take` airs them through CgFilesService.apply — files, outputs and as-run
 * follow as for any write. NEXT lives in the store (`cg_next`, issue 43), so every server on it
 * shows and takes the same one: each check and change of NEXT runs inside the station's store
 * write, which holds the station's lock on every engine and every server, so of any number of
 * parallel Takes of one version, on any servers, exactly one finds NEXT full and airs it.
 */
export class CgNextService {
  private readonly modes = new Map<number, boolean>();
  /** Per company: the last cg_next_updated on its way out (they go out in the order NEXT changed). */
  private readonly announcing = new Map<number, Promise<void>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly cg: CgFilesService,
  ) {
    // Take mode saved on another server: this one reads it again from the store.
    ctx.bus.subscribeRemote(({ type, companyId }) => {
      if (type === 'settings_updated') this.modes.delete(companyId);
    });
  }

  /** The company's take mode (cached; SettingsService calls takeModeSaved on change). */
  async takeMode(companyId: number): Promise<boolean> {
    const cached = this.modes.get(companyId);
    if (cached !== undefined) return cached;
    const stored = await this.ctx.store.read((q) => new SettingsRepo(q).find(companyId));
    // A takeModeSaved during the read wins over what the read found.
    if (!this.modes.has(companyId)) this.modes.set(companyId, stored?.takeMode === true);
    return this.modes.get(companyId) === true;
  }

  /** Take mode changed in settings: turning it off discards NEXT (nothing stale waits for an Enter). */
  async takeModeSaved(companyId: number, on: boolean): Promise<void> {
    this.modes.set(companyId, on);
    if (!on) await this.change(companyId, null, (slot) => (slot.texts.size ? emptied(slot) : null));
    this.announce(companyId);
  }

  async view(companyId: number): Promise<CgNext> {
    const slot = await this.slotOf(companyId);
    const changes = [...slot.texts].map(([type, content]) => ({ type, content }));
    const staged = slot.texts.size ? { by: slot.updatedBy, at: slot.updatedAt } : null;
    const name = async (userId: number | null) => ({ userId, fullName: await this.nameOf(companyId, userId) });
    const { lastTake } = slot;
    return {
      takeMode: await this.takeMode(companyId),
      version: slot.version,
      changes,
      updatedBy: staged ? await name(staged.by) : null,
      updatedAt: staged ? staged.at : null,
      lastTake: lastTake ? { ...(await name(lastTake.userId)), version: lastTake.version, at: lastTake.at } : null,
    };
  }

  /** The text staged for one type, or undefined (no user lookups: the crawler list is polled). */
  async stagedOf(companyId: number, type: CgWritableType): Promise<string | undefined> {
    return (await this.slotOf(companyId)).texts.get(type);
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
   * Stages what `compute` returns; it sees the on-air texts with NEXT laid over them (the crawler
   * edits the list it will air, not the one on air now). Every text passes its on-air rule here,
   * so a bad text is refused when staged, not at Take.
   */
  async stage(writer: Writer, compute: (current: CgSnapshot) => CgChange[]): Promise<CgNext> {
    const onAir = await this.cg.list(writer);
    await this.change(writer.companyId, writer.userId, async (slot, tx) => {
      // Callers staged because take mode was on; turned off meanwhile (on any server), NEXT stays empty.
      if ((await new SettingsRepo(tx).find(writer.companyId))?.takeMode !== true)
        throw conflict('Take mode was turned off meanwhile: nothing was staged. Send it again.');
      const current: CgSnapshot = Object.fromEntries(onAir.map((f) => [f.type, f.content]));
      for (const [type, text] of slot.texts) current[type] = text;
      const changes = compute(current);
      changes.forEach(assertOnAir);
      if (!changes.length) return null;
      const texts = new Map(slot.texts);
      for (const c of changes) texts.set(c.type as CgWritableType, c.content);
      return { ...slot, texts };
    });
    return this.view(writer.companyId);
  }

  /**
   * Airs NEXT if it is still the version the caller saw. NEXT is emptied in its own write before
   * the CG write starts; if the CG write fails (503: a file could not be replaced) what was taken
   * goes back under anything staged meanwhile, and the caller gets the failure. Without a version
   * (a Stream Deck button, which shows no NEXT) it takes whatever NEXT holds now.
   */
  async take(writer: Writer, version?: number): Promise<{ files: CgFile[]; next: CgNext }> {
    const { companyId, userId } = writer;
    let taken = new Map<CgWritableType, string>();
    let refused: Slot | 'changed' | null = null;
    await this.change(companyId, userId, (slot) => {
      if (!slot.texts.size) return void (refused = slot);
      if (version !== undefined && slot.version !== version) return void (refused = 'changed');
      taken = slot.texts;
      const at = this.ctx.clock.now().toISOString();
      return { ...emptied(slot), lastTake: { version: slot.version, userId, at } };
    });
    if (refused === 'changed')
      throw conflict('Next changed since you looked: check what is in NEXT now and take again.');
    if (refused) throw conflict(await this.nothingToTake(companyId, refused, version));
    let files: CgFile[];
    try {
      files = await this.cg.apply(
        writer,
        [...taken].map(([type, content]) => ({ type, content })),
        'cg_next_taken',
      );
    } catch (err) {
      await this.putBack(companyId, taken);
      throw err;
    }
    // After the try: a failed read of the answer's view must not put back what is on air now.
    return { files, next: await this.view(companyId) };
  }

  /** Escape: empties NEXT. With a version, only that NEXT (a clear never discards what it did not see). */
  async clear(writer: Writer, version?: number): Promise<CgNext> {
    await this.change(writer.companyId, writer.userId, (slot) => {
      if (version !== undefined && slot.texts.size && slot.version !== version)
        throw conflict('Next changed since you looked: check what is in NEXT now before clearing it.');
      return slot.texts.size ? emptied(slot) : null;
    });
    return this.view(writer.companyId);
  }

  /**
   * Every station's NEXT emptied: a server starting alone on its store (docs/decisions.md: a staged
   * text resurrected after a crash could be taken by a reflexive Enter nobody looked at again).
   */
  async forgetAll(): Promise<void> {
    const emptiedOf = await this.ctx.store.write('server', (tx) => new CgNextRepo(tx).emptyAll());
    for (const companyId of emptiedOf) this.announce(companyId);
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

  /** What was taken goes back in front of anything staged since (its types first, newer texts win). */
  private async putBack(companyId: number, taken: Map<CgWritableType, string>): Promise<void> {
    await this.change(companyId, null, (slot) => ({ ...slot, texts: new Map([...taken, ...slot.texts]) }), true).catch(
      (err: unknown) => this.ctx.logger.error('NEXT not put back after a failed take', { companyId, err }),
    );
  }

  private slotOf(companyId: number): Promise<Slot> {
    return this.ctx.store.read((q) => new CgNextRepo(q).find(companyId));
  }

  /**
   * One change of NEXT inside the station's write: `edit` sees NEXT as committed and returns the
   * new one (null: no change). A change gets a new version and every operator hears of it.
   */
  private async change(
    companyId: number,
    userId: number | null,
    edit: (slot: Slot, tx: Q) => Slot | null | undefined | Promise<Slot | null | undefined>,
    keepAuthor = false,
  ): Promise<void> {
    const changed = await this.ctx.store.write(companyId, async (tx) => {
      const repo = new CgNextRepo(tx);
      const slot = await repo.find(companyId);
      const next = await edit(slot, tx);
      if (!next) return false;
      await repo.save(companyId, {
        ...next,
        version: slot.version + 1,
        updatedBy: keepAuthor ? next.updatedBy : userId,
        updatedAt: this.ctx.clock.now().toISOString(),
      });
      return true;
    });
    if (changed) this.announce(companyId);
  }

  /**
   * The view is read now (NEXT as this change left it, or newer) and goes out after the company's
   * earlier ones: a later view must never overtake an earlier one.
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

function emptied(slot: Slot): Slot {
  return { ...slot, texts: new Map() };
}
