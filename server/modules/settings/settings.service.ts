import path from 'node:path';
import type { z } from 'zod';
import type {
  Branding,
  Settings,
  TelegramGroups,
  UpdateSettingsResponse,
  updateSettingsSchema,
  updateTelegramGroupsSchema,
} from '../../../shared/contracts/settings';
import { DEFAULT_CG_OUTPUT_PATH } from '../../../shared/constants';
import type { AppContext } from '../../context';
import type { Q } from '../../db/store';
import type { Actor } from '../../lib/auth';
import { conflict } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { CompaniesRepo } from '../companies/companies.repo';
import type { CgFilesService } from '../cg-files/cg-files.service';
import type { CgNextService } from '../cg-files/cg-next.service';
import { cgFolderRefusal, checkNewCgFolder } from './cg-folder-checks';
import { isStale, versionConflict } from '../../lib/version-conflict';
import { presentBranding, presentSettings, presentTelegramGroups, versionOf } from './settings.presenter';
import { SettingsRepo, type SettingsChanges } from './settings.repo';
import type { Weekday } from '../../../shared/weekend-days';
import { calendarChanges, presentWeekendDays } from './settings-station-calendar';
import { presentTimeZone, timeZoneChange } from './settings-time-zone';
import { AS_RUN_DEFAULT_RETENTION_DAYS } from '../../../shared/contracts/as-run';

type UpdateSettings = z.output<typeof updateSettingsSchema>;
type UpdateGroups = z.output<typeof updateTelegramGroupsSchema>;
type Caller = Pick<Actor, 'userId' | 'companyId'>;

/** Company settings (docs/product.md §Data): CG folder, chat-bot secrets, branding, Telegram groups. */
export class SettingsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly cg: CgFilesService,
    private readonly activity: ActivityLogsService,
    private readonly cgNext: CgNextService,
  ) {}

  get(actor: Caller): Promise<Settings> {
    return this.ctx.store.read((q) => this.present(q, actor.companyId));
  }

  async branding(actor: Caller): Promise<Branding> {
    return presentBranding(await this.row(actor.companyId));
  }

  async timeZone(actor: Caller): Promise<string> {
    return presentTimeZone(await this.row(actor.companyId));
  }

  async weekendDays(actor: Caller): Promise<Weekday[]> {
    return presentWeekendDays(await this.row(actor.companyId)).weekendDays;
  }

  async telegramGroups(actor: Caller): Promise<TelegramGroups> {
    return presentTelegramGroups(await this.row(actor.companyId));
  }

  /**
   * A partial update: only the fields named change. The CG folder moves first (the files are in
   * the new folder before this answers); the other fields then commit together with one activity
   * entry. A refused folder changes nothing.
   */
  async update(actor: Caller, input: UpdateSettings): Promise<UpdateSettingsResponse> {
    // Checked before the folder moves (a stale save moves nothing) and again in the transaction.
    await this.ctx.store.read((q) => this.checkVersion(q, actor, input.version));
    const moved =
      input.cgOutputPath === undefined
        ? null
        : await this.moveCgFolder(actor, { ...input, cgOutputPath: input.cgOutputPath });
    const changed: string[] = [];
    await this.ctx.store.write(actor.companyId, async (tx) => {
      const repo = new SettingsRepo(tx);
      const row = await repo.find(actor.companyId);
      await this.checkVersion(tx, actor, input.version);
      const changes: SettingsChanges = {};
      if (input.telegramBotToken !== undefined) {
        changes.telegramBotToken = input.telegramBotToken || null;
        changed.push(changes.telegramBotToken ? 'bot token set' : 'bot token cleared');
      }
      if (input.authToken !== undefined) {
        changes.authToken = input.authToken || null;
        changed.push(changes.authToken ? 'auth token set' : 'auth token cleared');
      }
      if (input.branding) {
        const next = { ...presentBranding(row), ...input.branding };
        Object.assign(changes, next);
        changed.push(`branding ${next.primaryColor} / ${next.secondaryColor}`);
      }
      if (input.telegramGroups) {
        changes.telegramGroups = { ...presentTelegramGroups(row), ...input.telegramGroups };
        changed.push('Telegram group settings');
      }
      const zone = timeZoneChange(input.timeZone, row);
      if (zone) {
        changes.timeZone = zone;
        changed.push(`station time zone ${zone}`);
      }
      const takeMode =
        input.takeMode !== undefined && input.takeMode !== (row?.takeMode === true) ? input.takeMode : undefined;
      if (takeMode !== undefined) {
        changes.takeMode = takeMode;
        changed.push(takeMode ? 'take mode on' : 'take mode off');
      }
      const days = input.asRunRetentionDays;
      if (days !== undefined && days !== (row?.asRunRetentionDays ?? AS_RUN_DEFAULT_RETENTION_DAYS)) {
        changes.asRunRetentionDays = days;
        changed.push(`as-run log kept ${days} days`);
      }
      const calendar = calendarChanges(input, row);
      Object.assign(changes, calendar.changes);
      changed.push(...calendar.changed);
      if (!changed.length && !moved) return;
      // The station's writes run one at a time (store.write): nothing writes between the check and here.
      const stamp = {
        updatedAt: this.ctx.clock.now().toISOString(),
        updatedBy: actor.userId,
        version: versionOf(row) + 1,
      };
      await repo.save(actor.companyId, { ...changes, ...stamp });
      // A folder move alone was logged by the move itself.
      if (changed.length)
        await this.activity.record(actor, 'settings_updated', `Settings changed: ${changed.join(', ')}`, tx);
    });
    const settings = await this.get(actor);
    if (changed.length || moved)
      this.ctx.bus.publish(actor.companyId, 'settings_updated', {
        cgOutputFolder: settings.cgOutputFolder,
        timeZone: settings.timeZone,
      });
    if (input.branding) this.ctx.bus.publish(actor.companyId, 'branding_updated', settings.branding);
    if (input.takeMode !== undefined) await this.cgNext.takeModeSaved(actor.companyId, settings.takeMode);
    return { ...settings, cgFolderMoved: moved };
  }

  /** The settings as `q` sees them (inside a write: the body's rows so far). */
  private async present(q: Q, companyId: number): Promise<Settings> {
    const row = await new SettingsRepo(q).find(companyId);
    const stored = (await new CompaniesRepo(q).findById(companyId))?.cgOutputPath ?? DEFAULT_CG_OUTPUT_PATH;
    return presentSettings(row, stored, await this.cg.folderOf(companyId));
  }

  private row(companyId: number) {
    return this.ctx.store.read((q) => new SettingsRepo(q).find(companyId));
  }

  /** A save from a stale version is a 409 with the settings as they are now (issue 26). */
  private async checkVersion(q: Q, actor: Caller, version: number | undefined): Promise<void> {
    const row = await new SettingsRepo(q).find(actor.companyId);
    if (isStale(version, { version: versionOf(row) })) {
      throw await versionConflict(
        q,
        'settings',
        await this.present(q, actor.companyId),
        { updatedBy: row?.updatedBy ?? null, updatedAt: row?.updatedAt ?? null },
        this.ctx.clock.now(),
      );
    }
  }

  /** GET/PUT /api/company/telegram-settings: the group settings alone. */
  async updateTelegramGroups(actor: Caller, input: UpdateGroups): Promise<TelegramGroups> {
    await this.update(actor, { telegramGroups: input });
    return this.telegramGroups(actor);
  }

  /**
   * Checks the folder (cg-folder-checks.ts: not a system, app or data folder, free of other
   * companies, local, writable — created if missing —, and no foreign files unless confirmed),
   * then moves the files. The sync checks run again inside the moves queue: another station may
   * have claimed the folder (or a symlink changed) while this one was being checked.
   */
  private async moveCgFolder(
    actor: Caller,
    input: UpdateSettings & { cgOutputPath: string },
  ): Promise<UpdateSettingsResponse['cgFolderMoved']> {
    const { cgOutputPath } = input;
    const to = path.resolve(this.ctx.config.baseDir, cgOutputPath);
    const others = () =>
      this.ctx.store.read(async (q) =>
        (await new CompaniesRepo(q).listAll())
          .filter((c) => c.id !== actor.companyId)
          .map((c) => path.resolve(this.ctx.config.baseDir, c.cgOutputPath)),
      );
    const from = await this.cg.folderOf(actor.companyId);
    await checkNewCgFolder(to, cgOutputPath, {
      otherFolders: await others(),
      config: this.ctx.config,
      current: from,
      confirmed: input.confirmNonEmptyFolder === true,
    });
    const result = await this.cg.moveFolder(actor.companyId, to, {
      claim: async () => {
        const late = cgFolderRefusal(to, await others(), this.ctx.config);
        if (late) throw conflict(late);
      },
      commit: () =>
        this.ctx.store.write(actor.companyId, async (tx) => {
          await new CompaniesRepo(tx).setCgOutputPath(actor.companyId, cgOutputPath);
          if (from !== to)
            await this.activity.record(
              actor,
              'cg_output_path_changed',
              `CG output folder moved from ${from} to ${to}`,
              tx,
            );
        }),
    });
    return result && { from: result.from, to, files: result.files };
  }
}
