import path from 'node:path';
import { CG_TYPES, CG_WRITABLE_TYPES, DEFAULT_CG_OUTPUT_PATH } from '../../../shared/constants';
import type { CgFile } from '../../../shared/contracts/cg-files';
import type { AppContext } from '../../context';
import type { CgFileRow } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { HttpError, notFound } from '../../lib/errors';
import { CgWriter, type CgSnapshot } from '../../integrations/cg-writer/cg-writer';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { assertOnAir, describeChanges, type CgChange } from './cg-changes';
import { removeOurFiles } from '../../integrations/cg-writer/cg-manifest';
import { removeOurCgFiles } from './cg-folders';
import { CgMoveJournal, recoverFolderMoves } from './cg-move-journal';
import { CgHotStatements } from './cg-hot-statements';
import { CgFilesRepo, type CgUpsert } from './cg-files.repo';
import { presentCgFile } from './cg-files.presenter';
import { OnAirChanges, type AirSource, type OnAirChange } from '../outputs/on-air-changes';

/**
 * Who writes (null: no user — an API key, named by `apiKey`), and from where (the as-run log's
 * source; 'web' when not said).
 */
export type Writer = {
  userId: number | null;
  companyId: Actor['companyId'];
  source?: AirSource;
  apiKey?: string;
  /** Hears the write's on-air change before any output does: the answer's per-output results (issue 38). */
  onAir?: (change: OnAirChange) => void;
};

/** An API key's change says which key in the activity log (it has no user to name). */
const byKey = (actor: Writer): string => (actor.apiKey ? ` (API key ${actor.apiKey})` : '');

/** The queue every CG folder move runs in (one at a time across companies). */
const MOVES_QUEUE = 'cg-folder-moves';

export interface FolderMoveSteps {
  /** Rejects when the folder is not free; runs first, inside the moves queue. */
  claim: () => Promise<void>;
  /** Stores the new path (one store write); runs after the files are written. */
  commit: () => Promise<void>;
}

/**
 * The on-air write path. Every CG change of a company runs in that company's queue: files are
 * replaced first (atomically), then the rows commit, then clients hear of it. If the files cannot
 * be replaced nothing is committed and the caller gets 503 — the DB never claims what is not on air.
 * Its writes are never started inside another `store.write` body: they wait in the company's queue,
 * and a body holding the store's lock meanwhile would stop the queued write ahead of it for good.
 */
export class CgFilesService {
  /** Prepared once on SQLite: the on-air path's queries (cg-hot-statements.ts). */
  private readonly hot: CgHotStatements;
  private readonly journal: CgMoveJournal;

  constructor(
    /** Read by the services beside it (the emergency's clock, cg-emergency.ts). */
    readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
    /** What follows air: the output layer and the as-run log listen here (issue 25). */
    readonly changes = new OnAirChanges(),
    private readonly writer = new CgWriter(ctx.cgFilesIo),
  ) {
    this.hot = new CgHotStatements(ctx.sqlite);
    this.journal = new CgMoveJournal(ctx.config.dataDir);
  }

  async folderOf(companyId: number): Promise<string> {
    return this.folderFrom(await this.ctx.store.read((q) => this.hot.outputPathOf(q, companyId)));
  }

  /** Every company's CG folder (the web UI must never serve one). */
  async allFolders(): Promise<string[]> {
    return (await this.companyFolders()).map(([, folder]) => folder);
  }

  async list(actor: Writer): Promise<CgFile[]> {
    const { rows, folder } = await this.ctx.store.read(async (q) => ({
      folder: this.folderFrom(await this.hot.outputPathOf(q, actor.companyId)),
      rows: await this.hot.list(q, actor.companyId),
    }));
    return rows.map((row) => presentCgFile(row, folder));
  }

  async get(actor: Writer, id: number): Promise<CgFile> {
    const row = await this.ctx.store.read((q) => new CgFilesRepo(q).find(actor.companyId, id));
    if (!row) throw notFound('CG file');
    return presentCgFile(row, await this.folderOf(actor.companyId));
  }

  /** The company's row of one type, as committed (the file centre and the crawler read it). */
  findByType(companyId: number, type: string): Promise<CgFileRow | undefined> {
    return this.ctx.store.read((q) => new CgFilesRepo(q).findByType(companyId, type));
  }

  /** Writes one or more types as one operation; events go out in the order given. */
  apply(actor: Writer, changes: CgChange[], action = 'cg_file_updated'): Promise<CgFile[]> {
    return this.applyWith(actor, () => changes, action);
  }

  /**
   * Read-modify-write in the company's queue: `compute` sees the committed texts (by type) and
   * returns the changes, or throws an HttpError to change nothing. Two concurrent edits of the
   * crawler therefore never both build on the same old list. Every text is checked against its
   * type's on-air rule before anything is written: one bad text refuses the whole operation.
   */
  applyWith(
    actor: Writer,
    compute: (current: CgSnapshot) => CgChange[],
    action = 'cg_file_updated',
  ): Promise<CgFile[]> {
    // Through the on-air gate: reads wait until this write is on air (air first).
    return this.ctx.onAir.run(() =>
      this.inCompanyQueue(actor.companyId, async (folder) => {
        const snapshot = await this.snapshot(actor.companyId);
        const changes = compute({ ...snapshot });
        if (!changes.length) return [];
        changes.forEach(assertOnAir);
        const changed: Record<string, string> = {};
        for (const c of changes) changed[c.type] = snapshot[c.type] = c.content;
        // Files first, outside the write (a body awaits queries only); then the rows commit.
        await this.replaceFiles(actor.companyId, folder, changed);
        const at = this.ctx.clock.now().toISOString();
        const rows = await this.ctx.store.write(actor.companyId, async (tx) => {
          const repo = new CgFilesRepo(tx);
          const saved: CgFileRow[] = [];
          // One query at a time: the body's queries share its one connection.
          for (const c of changes)
            saved.push(
              c.fileName === undefined && c.outputPath === undefined
                ? await this.hot.upsertText(tx, actor.companyId, actor.userId, c.type, c.content, at)
                : await repo.upsert(actor.companyId, actor.userId, c, at),
            );
          await this.hot.recordActivity(
            tx,
            actor.companyId,
            actor.userId,
            action,
            `${describeChanges(changes)}${byKey(actor)}`,
            at,
          );
          return saved;
        });
        rows.forEach((row) => this.announce(row));
        this.writeSnapshot(actor.companyId, folder, snapshot);
        this.followAir(actor, action, changed, snapshot, at);
        return rows.map((row) => presentCgFile(row, folder));
      }),
    );
  }

  /**
   * Ends an emergency: empties emergency.txt and nothing else (headline and subheadline stay as
   * the override left them — the desk decides what follows). `ended` is false, and nothing is
   * written or logged, when there was no emergency text.
   */
  async endEmergency(actor: Writer): Promise<{ files: CgFile[]; ended: boolean }> {
    let ended = false;
    const files = await this.applyWith(
      actor,
      (current) => {
        ended = Boolean(current.emergency);
        return ended ? [{ type: 'emergency', content: '' }] : [];
      },
      'emergency_ended',
    );
    return { files, ended };
  }

  /** Removes a file's row; its output file is emptied, not removed (graphics programs keep polling it). */
  async remove(actor: Writer, id: number): Promise<void> {
    const row = await this.ctx.store.read((q) => new CgFilesRepo(q).find(actor.companyId, id));
    if (!row) throw notFound('CG file');
    return this.ctx.onAir.run(() =>
      this.inCompanyQueue(actor.companyId, async (folder) => {
        const snapshot = await this.snapshot(actor.companyId);
        delete snapshot[row.type];
        await this.replaceFiles(actor.companyId, folder, { [row.type]: '' });
        // The row's removal and its activity entry commit together.
        await this.ctx.store.write(actor.companyId, async (tx) => {
          await new CgFilesRepo(tx).delete(actor.companyId, id);
          await this.activity.record(actor, 'cg_file_deleted', `Deleted CG file ${row.type}`, tx);
        });
        this.writeSnapshot(actor.companyId, folder, snapshot);
        const at = this.ctx.clock.now().toISOString();
        this.ctx.bus.publish(actor.companyId, 'cg_file_updated', {
          id,
          type: row.type as CgFile['type'],
          content: '',
          updatedAt: at,
          deleted: true,
        });
        this.followAir(actor, 'cg_file_deleted', { [row.type]: '' }, snapshot, at);
      }),
    );
  }

  /** Creates a row (empty) for every one of the 13 types that lacks one and writes every file. */
  async initialize(actor: Writer): Promise<{ path: string; created: number }> {
    const existing = new Set(Object.keys(await this.snapshot(actor.companyId)));
    const missing = CG_TYPES.filter((t) => !existing.has(t)).map((type) => ({
      type,
      content: '',
      fileName: `${type}.txt`,
    }));
    if (missing.length) await this.apply(actor, missing, 'cg_file_created');
    await this.resync(actor.companyId, { all: true });
    return { path: await this.folderOf(actor.companyId), created: missing.length };
  }

  /**
   * Makes the files match the DB (start-up, after a crash between file and commit, or after the
   * output path changed). Only files whose text differs are rewritten unless `all`. With `adopt`
   * (start-up) a file holding text the DB does not know is adopted first: what is on air is the
   * truth, so the app never shows a file as empty (or as older text) when it is not. Files missing
   * on disk are still written from the DB.
   */
  resync(
    companyId: number,
    {
      all = false,
      adopt = false,
      claim = adopt,
      started,
      written,
    }: {
      all?: boolean;
      adopt?: boolean;
      claim?: boolean;
      started?: () => void;
      /** The texts it rewrote, once they are on disk (the outputs a server drives follow them too). */
      written?: (changed: Record<string, string>) => void;
    } = {},
  ): Promise<void> {
    return this.inCompanyQueue(companyId, async (folder) => {
      // Its turn in the queue came: what it reads from here on is at least as new as any change announced before.
      started?.();
      // The folder exists from the first start, so a graphics program can be pointed at it at once.
      await this.writer.ensureFolder(folder);
      // A folder from before manifests holds only our names (it was this company's alone).
      if (claim) await this.writer.claimFolder(folder, true);
      const snapshot = await this.snapshot(companyId);
      if (adopt) await this.adoptFiles(companyId, folder, snapshot);
      const changed: Record<string, string> = {};
      for (const [type, text] of Object.entries(snapshot)) {
        if (all || (await this.writer.read(folder, type)) !== text) changed[type] = text;
      }
      if (Object.keys(changed).length) {
        await this.replaceFiles(companyId, folder, changed);
        written?.(changed);
      }
      if (Object.keys(snapshot).length) await this.writer.writeSnapshot(folder, snapshot);
    });
  }

  /**
   * Takes into the DB every <type>.txt whose text differs from its row (or has no row and is not
   * empty) — e.g. the in-flight value of a write whose commit a crash lost, or text another tool
   * wrote while the server was down — and logs cg_file_adopted (no user: the system did it).
   */
  private async adoptFiles(companyId: number, folder: string, snapshot: CgSnapshot): Promise<void> {
    const adopted: CgUpsert[] = [];
    for (const type of CG_WRITABLE_TYPES) {
      // Only files we wrote: another program's timer.txt in a shared folder is not on-air text of ours.
      if (!this.writer.owns(folder, `${type}.txt`)) continue;
      const text = await this.writer.read(folder, type);
      if (text === null || text === (snapshot[type] ?? '')) continue;
      adopted.push({ type, content: text, fileName: snapshot[type] === undefined ? `${type}.txt` : undefined });
      snapshot[type] = text;
    }
    if (!adopted.length) return;
    const at = this.ctx.clock.now().toISOString();
    const system = { companyId, userId: null };
    await this.ctx.store.write(companyId, async (tx) => {
      const repo = new CgFilesRepo(tx);
      for (const change of adopted) {
        await repo.upsert(companyId, null, change, at);
        await this.activity.record(
          system,
          'cg_file_adopted',
          `${describeChanges([change])} (found in ${change.type}.txt at start-up)`,
          tx,
        );
      }
    });
    this.ctx.logger.info('CG files adopted from disk', { companyId, types: adopted.map((c) => c.type) });
  }

  /** Start-up, before the resync: finishes or rolls back moves a crash interrupted (cg-move-journal.ts). */
  async recoverFolderMoves(): Promise<void> {
    const folders = new Map(await this.companyFolders());
    recoverFolderMoves(this.journal, folders, this.ctx.logger);
  }

  /** Waits for pending cg.json writes (shutdown, tests). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /**
   * At start. Files newer than the store are taken into it (a crash between file and commit) —
   * except after a restore from a backup (issue 41): then the backup is the truth and its texts
   * replace the files, or the restored station would keep airing what was written since.
   */
  async resyncAll({ restored = false } = {}): Promise<void> {
    for (const [id] of await this.companyFolders()) {
      await this.resync(id, { adopt: !restored, claim: true }).catch((err: unknown) =>
        this.ctx.logger.error('CG resync failed', { companyId: id, err }),
      );
    }
  }

  /** Every station's files made to match the store (another server's changes may have been missed). */
  async resyncEvery(written?: (companyId: number, changed: Record<string, string>) => void): Promise<void> {
    for (const [id] of await this.companyFolders())
      await this.resync(id, { written: written && ((changed) => written(id, changed)) });
  }

  /**
   * Moves the company's CG output to the absolute folder `to`: `claim` checks the folder is free
   * (rejects if not), the move is journaled, every file is written there, `commit` stores the new
   * path, then our files leave the old folder (nothing stale stays on air) and the journal goes.
   * Writes arriving meanwhile wait in the company's queue and then go to the new folder. Moves of
   * all companies run one at a time, so two stations never both write into one new folder.
   * Returns where the files were and how many were written; null when the folder did not change.
   */
  moveFolder(
    companyId: number,
    to: string,
    { claim, commit }: FolderMoveSteps,
  ): Promise<{ from: string; files: number } | null> {
    return this.writer.serialize(MOVES_QUEUE, () =>
      this.ctx.onAir.run(() =>
        this.inCompanyQueue(companyId, async (from) => {
          await claim(); // inside the moves queue: no other station can take the folder until we are done
          if (from === to) {
            await commit();
            return null;
          }
          // Journaled before anything lands in `to`: a crash from here on is finished or rolled back at start.
          await this.journal.begin({ companyId, from, to });
          let files: number;
          try {
            files = await this.copyInto(companyId, to);
            await commit();
          } catch (err) {
            // Nothing committed: the company stays where it was, and `to` loses what we put there.
            await this.writer.flush();
            removeOurFiles(to); // manifest names only: `to` was never a folder of ours
            this.writer.forget(to);
            await this.journal.end(companyId);
            throw err;
          }
          await this.writer.flush(); // a cg.json still on its way to the old folder lands before we clean it
          removeOurCgFiles(from);
          this.writer.forget(from);
          await this.journal.end(companyId);
          return { from, files };
        }),
      ),
    );
  }

  /**
   * Writes every file of the company into `to`; returns how many. The manifest comes first, even
   * with no file: at the next start nothing already there is taken for ours.
   */
  private async copyInto(companyId: number, to: string): Promise<number> {
    const snapshot = await this.snapshot(companyId);
    await this.writer.ensureFolder(to);
    await this.writer.claimFolder(to, false);
    if (!Object.keys(snapshot).length) return 0;
    await this.replaceFiles(companyId, to, snapshot);
    await this.writer.writeSnapshot(to, snapshot);
    return Object.keys(snapshot).length;
  }

  /**
   * Runs `task` in the company's queue with its CG folder read INSIDE the queue: a task that
   * waited behind a folder move writes the new folder, never the old one. (Folders are unique per
   * company — cgFolderClash — so one queue per company serialises every write to a file.)
   */
  private inCompanyQueue<T>(companyId: number, task: (folder: string) => Promise<T>): Promise<T> {
    return this.writer.serialize(`company:${companyId}`, async () => task(await this.folderOf(companyId)));
  }

  /** The committed texts by type: every earlier write of the company committed before its queue moved on. */
  private async snapshot(companyId: number): Promise<CgSnapshot> {
    const rows = await this.ctx.store.read((q) => this.hot.list(q, companyId));
    return Object.fromEntries(rows.map((r) => [r.type, r.content]));
  }

  private folderFrom(stored: string | undefined): string {
    return path.resolve(this.ctx.config.baseDir, stored ?? DEFAULT_CG_OUTPUT_PATH);
  }

  /** Every company with its CG folder (absolute). */
  private async companyFolders(): Promise<Array<[number, string]>> {
    const rows = await this.ctx.store.read((q) => new CgFilesRepo(q).companyFolders());
    return rows.map((c) => [c.id, this.folderFrom(c.cgOutputPath)]);
  }

  /** cg.json follows the commit; a failure there is reported like any other write failure. */
  private writeSnapshot(companyId: number, folder: string, snapshot: CgSnapshot): void {
    this.writer.writeSnapshot(folder, snapshot).catch((err: unknown) => {
      this.ctx.logger.error('cg.json write failed', { folder, err });
      const message = `cg.json could not be written: ${err instanceof Error ? err.message : String(err)}`;
      this.ctx.bus.publish(companyId, 'cg_write_failed', { types: ['cg.json'], message });
    });
  }

  private async replaceFiles(companyId: number, folder: string, changed: Record<string, string>) {
    try {
      await this.writer.write(folder, changed);
    } catch (err) {
      const message = `CG output could not be written: ${err instanceof Error ? err.message : String(err)}. Check that ${folder} is a writable local folder and that no program locks the file.`;
      this.ctx.logger.error('CG write failed', { folder, err });
      this.ctx.bus.publish(companyId, 'cg_write_failed', { types: Object.keys(changed), message });
      throw new HttpError(503, message);
    }
  }

  /** The change is on air in the files: the outputs and the as-run log hear of it (they only enqueue). */
  private followAir(
    actor: Writer,
    action: string,
    changed: Record<string, string>,
    snapshot: CgSnapshot,
    at: string,
  ): void {
    const change = {
      companyId: actor.companyId,
      seq: this.changes.nextSeq(),
      at,
      userId: actor.userId,
      apiKey: actor.apiKey ?? null,
      source: actor.source ?? 'web',
      action,
      changed,
      snapshot: { ...snapshot },
    } as const;
    actor.onAir?.(change);
    this.changes.emitChange(change);
    this.changes.reportResult({ change, output: 'files', result: 'ok', at });
  }

  private announce(row: CgFileRow): void {
    this.ctx.bus.publish(row.companyId, 'cg_file_updated', {
      id: row.id,
      type: row.type as CgFile['type'],
      content: row.content,
      updatedAt: row.updatedAt,
    });
  }
}
