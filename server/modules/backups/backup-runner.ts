import path from 'node:path';
import type Database from 'better-sqlite3';
import type { BackupManifest, BackupReason, BackupSettings } from '../../../shared/contracts/backups';
import type { AppContext } from '../../context';
import { APP_VERSION } from '../../version';
import { listBackups, removeBackup, sweepIncomplete, takeBackup } from './backup-engine';
import { backupsDir } from './backup-migrations';
import { manifestPath, parseBackupName } from './backup-names';
import { backupsToRemove } from './backup-retention';
import { BackupStateFiles } from './backup-state';
import { copyToFolder } from './offsite-io';
import { badRequest } from '../../lib/errors';

/** What the Backups page says on a PostgreSQL store. */
export const PG_BACKUP_MESSAGE =
  "This server keeps its data in PostgreSQL: back it up with pg_dump or the engine's base backups (see docs/postgresql.md)";

/**
 * The server's own better-sqlite3 connection: the backup must run on this connection so writes
 * made meanwhile are copied, not restarted. A PostgreSQL store is backed up with the engine's own
 * tools (docs/postgresql.md): the page refuses.
 */
const storeConnection = (ctx: AppContext): Database.Database => {
  if (!ctx.sqlite) throw badRequest(PG_BACKUP_MESSAGE);
  return ctx.sqlite.sqlite;
};

/** Who hears about a backup: the activity log of the host station (backups hold every station). */
export type BackupReport = (action: string, details: string, userId: number | null) => Promise<void>;

/**
 * Takes backups one at a time (a second request waits for the first and gets its own), applies
 * retention, and copies each new backup off the PC. A failure is recorded (state file, activity
 * log, server log) and thrown to the caller: never a silent success.
 */
export class BackupRunner {
  readonly dir: string;
  readonly files: BackupStateFiles;
  private queue: Promise<unknown> = Promise.resolve();
  private offsiteCopy: Promise<void> = Promise.resolve();
  private offsiteBusy = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly report: BackupReport,
  ) {
    this.dir = backupsDir(ctx.config.dataDir);
    this.files = new BackupStateFiles(ctx.config.dataDir);
  }

  /** Start-up: what a crash mid-backup left is not a backup. */
  sweep(): void {
    const removed = sweepIncomplete(this.dir);
    if (removed.length) this.ctx.logger.warn('removed incomplete backups left by a crash', { removed });
  }

  take(reason: BackupReason, userId: number | null = null): Promise<BackupManifest> {
    const run = this.queue.then(() => this.takeNow(reason, userId));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every backup asked for so far has finished (close() waits for it before the store closes). */
  async idle(): Promise<void> {
    await this.queue;
    await this.offsiteCopy;
  }

  /** The off-PC copy started by the last backup (tests wait for it). */
  offsiteDone(): Promise<void> {
    return this.offsiteCopy;
  }

  private async takeNow(reason: BackupReason, userId: number | null): Promise<BackupManifest> {
    const at = this.ctx.clock.now();
    let manifest: BackupManifest;
    try {
      manifest = await takeBackup(storeConnection(this.ctx), this.dir, { at, reason, appVersion: APP_VERSION });
    } catch (err) {
      await this.fail(`Backup failed: ${(err as Error).message}`, userId);
      throw err;
    }
    this.files.updateState({ lastBackupAt: manifest.createdAt });
    if (manifest.integrity !== 'ok') {
      const message = `Backup ${manifest.file} failed its integrity check: ${manifest.integrity}`;
      await this.fail(message, userId);
      throw new Error(message);
    }
    this.files.updateState({ lastError: null });
    await this.report(
      'backup_created',
      `Backup ${manifest.file} (${reason}, ${manifest.bytes} bytes, verified)`,
      userId,
    );
    this.applyRetention();
    this.startOffsiteCopy(manifest);
    return manifest;
  }

  private async fail(message: string, userId: number | null): Promise<void> {
    this.ctx.logger.error(message);
    this.files.updateState({ lastError: message });
    await this.report('backup_failed', message, userId);
  }

  private applyRetention(): void {
    const settings = this.files.settings();
    const dated = listBackups(this.dir).flatMap(({ manifest }) => {
      const parsed = parseBackupName(manifest.file);
      return parsed ? [{ name: manifest.file, ...parsed }] : [];
    });
    for (const name of backupsToRemove(dated, settings)) removeBackup(this.dir, name);
  }

  /**
   * The off-PC copy runs after the local backup has answered. One at a time: while a copy is
   * stuck on a hung share, later backups skip theirs (and say so) instead of piling up threads.
   */
  private startOffsiteCopy(manifest: BackupManifest): void {
    const folder = this.files.settings().offsiteFolder;
    if (!folder) return;
    if (this.offsiteBusy) {
      this.files.updateState({
        offsiteLastError: `The previous copy to ${folder} has not finished; ${manifest.file} was not copied`,
      });
      return;
    }
    this.offsiteBusy = true;
    this.offsiteCopy = this.copyOffsite(folder, manifest).finally(() => {
      this.offsiteBusy = false;
    });
  }

  private async copyOffsite(folder: string, manifest: BackupManifest): Promise<void> {
    const file = path.join(this.dir, manifest.file);
    const outcome = await copyToFolder(folder, [
      { from: file, name: manifest.file },
      { from: manifestPath(file), name: path.basename(manifestPath(file)) },
    ]);
    if (outcome.ok) {
      this.files.updateState({ offsiteLastCopyAt: this.ctx.clock.now().toISOString(), offsiteLastError: null });
      return;
    }
    this.ctx.logger.error('off-PC backup copy failed', { folder, message: outcome.message });
    this.files.updateState({ offsiteLastError: outcome.message });
    await this.report('backup_offsite_failed', outcome.message, null);
  }

  /** Whether the scheduled backup is due (the job runs every minute; the interval is a setting). */
  due(settings: BackupSettings): boolean {
    const last = this.files.state().lastBackupAt;
    return !last || this.ctx.clock.now().getTime() - Date.parse(last) >= settings.intervalMinutes * 60_000;
  }
}
