import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, max, min } from 'drizzle-orm';
import { first } from '../../db/dialect';
import { tablesOf } from '../../db/store';
import type {
  BackupItem,
  BackupOverview,
  BackupSettings,
  RestoreBackupInput,
  RestoreStarted,
} from '../../../shared/contracts/backups';
import type { AppContext } from '../../context';
import type { Actor } from '../../lib/auth';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { APP_VERSION } from '../../version';
import type { BackupLateCandidate } from '../../../shared/notification-rules';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { listBackups, type ListedBackup } from './backup-engine';
import { parseBackupName } from './backup-names';
import { BackupRunner } from './backup-runner';
import { checkOffsiteFolder } from './offsite-folder';
import { checkRestore, type RestoreInPlace } from './restore-request';

/** Named on the page: what a backup does not hold, and why (docs/backups.md). */
export const NOT_INCLUDED = [
  'App Version installer files (data/app-versions): large build files you already have; upload them again after a restore.',
  'Backup settings and the off-PC folder (data/backup-settings.json): they belong to this PC, not to the stations.',
];

/** A folder is set and its last copy is older than two intervals (or there never was one). */
export function offsiteStale(settings: BackupSettings, lastCopyAt: string | null, now: Date): boolean {
  if (settings.offsiteFolder === null) return false;
  return lastCopyAt === null || now.getTime() - Date.parse(lastCopyAt) > 2 * settings.intervalMinutes * 60_000;
}

function present({ manifest }: ListedBackup): BackupItem {
  const ok = manifest.integrity === 'ok';
  return {
    name: manifest.file,
    createdAt: manifest.createdAt,
    reason: manifest.reason,
    bytes: manifest.bytes,
    verified: ok,
    problem: ok ? null : manifest.integrity,
    sha256: manifest.sha256,
    counts: manifest.counts,
    stations: manifest.stations,
  };
}

/**
 * Backups are per SERVER (docs/decisions.md, issue 41): one SQLite file holds every station, so
 * a backup holds every station too. Only the owner of the host station (the first company, made
 * at first run — whoever runs the PC) and roletype dev may list, take, download or configure
 * them; another station's owner is refused 403, since a backup would hand them every station.
 */
export class BackupsService {
  readonly runner: BackupRunner;
  /** This start of the server: clients that see another one after a restore reload (issue 41). */
  readonly bootId = randomUUID();
  /** Set by startServer: closes this server, swaps the store and starts again on the same port. */
  restoreInPlace: RestoreInPlace | null = null;
  /** A restore is being checked or done: one at a time (restore-request.ts). */
  restoring = false;
  /** From the moment a restore is accepted the server takes no more writes (app.ts). */
  writesClosed = false;
  /** Set by services.ts: a move to PostgreSQL from Settings is under way (it also closes and restarts the server). */
  storeMoving: () => boolean = () => false;

  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {
    this.runner = new BackupRunner(ctx, (action, details, userId) => this.record(action, details, userId));
  }

  /** The first station: it hosts the server's backups (read by `load` at start-up; stations are never deleted). */
  private host: number | null = null;
  /** When the store was last restored from a backup (read by `load` at start-up). */
  private restoredAt: string | null = null;

  /** Reads what the page needs from the store once, at start-up (after the first run made a station). */
  async load(): Promise<void> {
    await this.ctx.store.read(async (q) => {
      const { companies, activityLogs } = tablesOf(q);
      this.host = first(await q.select({ id: min(companies.id) }).from(companies))?.id ?? null;
      this.restoredAt =
        first(
          await q
            .select({ at: max(activityLogs.createdAt) })
            .from(activityLogs)
            .where(eq(activityLogs.action, 'backup_restored')),
        )?.at ?? null;
    });
  }

  hostCompanyId(): number | null {
    return this.host;
  }

  assertAllowed(actor: Actor): void {
    if (actor.roletype === 'dev') return;
    if (actor.role === 'owner' && actor.companyId === this.hostCompanyId()) return;
    throw forbidden("Backups hold every station on this server: only the host station's owner may use them");
  }

  overview(actor: Actor): BackupOverview {
    this.assertAllowed(actor);
    const settings = this.runner.files.settings();
    const state = this.runner.files.state();
    const stale = offsiteStale(settings, state.offsiteLastCopyAt, this.ctx.clock.now());
    return {
      settings,
      backups: listBackups(this.runner.dir).map(present),
      folder: this.runner.dir,
      offsite: { lastCopyAt: state.offsiteLastCopyAt, lastError: state.offsiteLastError, stale },
      lastError: state.lastError,
      notIncluded: NOT_INCLUDED,
      canRestore: this.mayRestore(actor),
    };
  }

  async backUpNow(actor: Actor): Promise<BackupItem> {
    this.assertAllowed(actor);
    const manifest = await this.runner.take('manual', actor.userId);
    return present({ file: path.join(this.runner.dir, manifest.file), manifest });
  }

  /** The backup to stream: the one named, or the newest. Recorded in the activity log. */
  async download(actor: Actor, name: string | undefined): Promise<{ file: string; name: string; bytes: number }> {
    this.assertAllowed(actor);
    const all = listBackups(this.runner.dir);
    const chosen =
      name === undefined ? all[0] : parseBackupName(name) ? all.find((b) => b.manifest.file === name) : undefined;
    if (!chosen || !fs.existsSync(chosen.file)) throw notFound('Backup');
    await this.record('backup_downloaded', `Downloaded backup ${chosen.manifest.file}`, actor.userId);
    return { file: chosen.file, name: chosen.manifest.file, bytes: chosen.manifest.bytes };
  }

  async updateSettings(actor: Actor, input: BackupSettings): Promise<BackupOverview> {
    this.assertAllowed(actor);
    const offsiteFolder = input.offsiteFolder ? await checkOffsiteFolder(input.offsiteFolder, this.ctx.config) : null;
    this.runner.files.saveSettings({ ...input, offsiteFolder });
    await this.record(
      'backup_settings_updated',
      `Backups every ${input.intervalMinutes} min; keep ${input.keepHourly}/${input.keepDaily}/${input.keepWeekly}; off-PC folder ${offsiteFolder ?? 'none'}`,
      actor.userId,
    );
    return this.overview(actor);
  }

  private mayRestore(actor: Actor): boolean {
    return actor.role === 'owner' && actor.companyId === this.hostCompanyId();
  }

  /** When the store was last restored from a backup (its activity log says so), or null. */
  lastRestoredAt(): string | null {
    return this.restoredAt;
  }

  /**
   * Restore from the page: the host station's OWNER only (not dev: a restore takes every station
   * back in time). Checked like the command line's; then the answer goes out, every client is
   * told, and the server restarts on the backup (server/restore-in-place.ts).
   */
  async restore(actor: Actor, input: RestoreBackupInput): Promise<RestoreStarted> {
    if (!this.mayRestore(actor))
      throw forbidden(
        "Only the host station's owner may restore a backup: it takes every station on this server back in time",
      );
    // Both close the server and start it again: one at a time.
    if (this.storeMoving()) throw conflict('A move to PostgreSQL is under way: restore when it is done');
    const chosen = parseBackupName(input.name)
      ? listBackups(this.runner.dir).find((b) => b.manifest.file === input.name)
      : undefined;
    if (!chosen) throw notFound('Backup');
    if (!this.restoreInPlace) throw forbidden('This server cannot restart itself: stop it and use npm run restore');
    const plan = {
      dataDir: this.ctx.config.dataDir,
      migrationsDir: this.ctx.config.migrationsDir,
      backup: chosen.file,
      appVersion: APP_VERSION,
      now: this.ctx.clock.now(),
      how: `Backups page, user ${actor.userId}`,
    };
    const copy = await checkRestore(this, plan, input.stationName);
    const started: RestoreStarted = {
      restoring: true,
      name: chosen.manifest.file,
      createdAt: chosen.manifest.createdAt,
      stations: chosen.manifest.stations,
    };
    this.writesClosed = true;
    this.restoreInPlace({ plan, copy, started });
    return started;
  }

  /** Scheduled: every minute the job asks whether the interval has passed. */
  async runIfDue(): Promise<void> {
    try {
      if (this.runner.due(this.runner.files.settings())) await this.runner.take('scheduled');
    } finally {
      await this.tellIfOffsiteStale();
    }
  }

  /** For the host station's bell (issue 41): late since two intervals after the last copy, once a copy was tried. */
  lateOffsite(companyId: number): BackupLateCandidate | null {
    if (companyId !== this.hostCompanyId()) return null;
    const settings = this.runner.files.settings();
    const state = this.runner.files.state();
    const tried = state.offsiteLastCopyAt !== null || state.offsiteLastError !== null;
    if (!tried || !offsiteStale(settings, state.offsiteLastCopyAt, this.ctx.clock.now())) return null;
    const lateSince = state.offsiteLastCopyAt
      ? new Date(Date.parse(state.offsiteLastCopyAt) + 2 * settings.intervalMinutes * 60_000).toISOString()
      : this.ctx.clock.now().toISOString();
    return { lastCopyAt: state.offsiteLastCopyAt, lateSince };
  }

  /**
   * The page turns red by itself; the host station's owners are also told — bell and Telegram
   * (backup_offsite_stale) and the activity log — once per copy missed, not every minute.
   */
  async tellIfOffsiteStale(): Promise<void> {
    const settings = this.runner.files.settings();
    const state = this.runner.files.state();
    const host = this.hostCompanyId();
    const missed = state.offsiteLastCopyAt ?? 'never';
    // Never copied and never failed: the folder was just set and the first copy is still to come.
    if (host === null || this.lateOffsite(host) === null || state.offsiteStaleToldFor === missed) return;
    this.runner.files.updateState({ offsiteStaleToldFor: missed });
    const since = state.offsiteLastCopyAt ? `since ${state.offsiteLastCopyAt}` : 'yet';
    await this.record(
      'backup_offsite_stale',
      `No off-PC backup copy ${since} (backups every ${settings.intervalMinutes} min)${state.offsiteLastError ? `: ${state.offsiteLastError}` : ''}`,
      null,
    );
    this.ctx.bus.publish(host, 'backup_offsite_stale', {
      lastCopyAt: state.offsiteLastCopyAt,
      intervalMinutes: settings.intervalMinutes,
    });
  }

  private async record(action: string, details: string, userId: number | null): Promise<void> {
    const host = this.hostCompanyId();
    if (host === null) return;
    // A dev of another company acting here: the entry goes to the host station's log, unattributed
    // to a user of a company the log does not belong to.
    await this.ctx.store.write(host, async (tx) => {
      const { users } = tablesOf(tx);
      const sameCompany =
        userId !== null &&
        first(
          await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.id, userId), eq(users.companyId, host))),
        ) !== undefined;
      await this.activity.record({ userId: sameCompany ? userId : null, companyId: host }, action, details, tx);
    });
  }
}
