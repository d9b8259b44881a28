import fs from 'node:fs';
import type { z } from 'zod';
import type { AppVersion, saveAppVersionSchema, UploadedAppFile } from '../../../shared/contracts/app-versions';
import { isDev } from '../../../shared/roles';
import type { AppContext } from '../../context';
import type { AppVersionFileRow } from '../../db/schema';
import type { Actor } from '../../lib/auth';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { AppVersionFeeds } from './app-version-feed';
import { AppVersionStorage } from './app-version-storage';
import type { ReceivedUpload } from './app-version-upload';
import { AppVersionsRepo, type AppVersionWithCompany, type TicketHolder } from './app-versions.repo';
import type { HeavyPool } from '../../workers/heavy-pool';
import type { OnAirGate } from '../../lib/on-air-gate';
import { fileDownloadPath, fileIdOf, presentAppVersion, presentUploadedFile } from './app-versions.presenter';

type SaveInput = z.output<typeof saveAppVersionSchema>;

export const TARGETS_NEED_DEV = 'Only developer accounts may offer a version to other companies';

/** An upload no version points at is kept this long (the form that uploaded it may still save). */
export const UNUSED_FILE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Dev (any company) or owner (own company) — the roles of docs/design-rules.md §5 that manage versions. */
export function mayManageVersions(actor: TicketHolder): boolean {
  return isDev(actor) || actor.role === 'owner';
}

/**
 * App versions (docs/product.md §Screens and routes, §API): one installer version per company, created and edited by a
 * dev for any company or by an owner for their own. A company without its own version sees the
 * newest public version that targets it; only a dev may target other companies (issue 37).
 * Non-public versions are seen by dev and owner only.
 */
export class AppVersionsService {
  readonly repo: AppVersionsRepo;
  readonly storage: AppVersionStorage;
  readonly feeds: AppVersionFeeds;

  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {
    this.repo = new AppVersionsRepo(ctx.db);
    this.storage = new AppVersionStorage(ctx.config.dataDir, ctx.clock, ctx.logger);
    this.feeds = new AppVersionFeeds(this.repo, this.storage, ctx.clock);
  }

  /** The version the caller's desktops should run, or null. */
  /** The server's worker threads: an upload's hashes are computed there (app-version-upload.ts). */
  get heavy(): HeavyPool {
    return this.ctx.heavy;
  }

  /** An upload's chunks wait while an on-air write runs (app-version-upload.ts). */
  get onAir(): OnAirGate {
    return this.ctx.onAir;
  }

  current(actor: Actor): AppVersion | null {
    const found = this.visibleTo(actor);
    return found ? presentAppVersion(found) : null;
  }

  listAll(): AppVersion[] {
    return this.repo.listAll().map(presentAppVersion);
  }

  create(actor: Actor, input: SaveInput): AppVersion {
    const companyId = this.targetCompany(actor, input.companyId);
    this.checkTargets(actor, input.targetCompanies);
    if (this.repo.findByCompany(companyId)) throw conflict('This company already has an app version; edit it instead');
    const now = this.ctx.clock.now().toISOString();
    const saved = this.ctx.db.transaction((tx) => {
      const row = new AppVersionsRepo(tx).insert({ companyId, ...this.fields(input), createdAt: now, updatedAt: now });
      this.activity.record(
        actor,
        'app_version_created',
        `Created app version ${row.latestVersion} for company ${companyId}`,
        tx,
      );
      return row;
    });
    return this.announce(actor, companyId, saved.targetCompanies);
  }

  update(actor: Actor, input: SaveInput): AppVersion {
    const companyId = this.targetCompany(actor, input.companyId);
    this.checkTargets(actor, input.targetCompanies);
    const before = this.repo.findByCompany(companyId);
    if (!before) throw notFound('App version');
    this.ctx.db.transaction((tx) => {
      const row = new AppVersionsRepo(tx).update(companyId, {
        ...this.fields(input),
        updatedAt: this.ctx.clock.now().toISOString(),
      });
      if (!row) throw notFound('App version');
      this.activity.record(
        actor,
        'app_version_updated',
        `Updated app version for company ${companyId} to ${row.latestVersion}`,
        tx,
      );
    });
    // Companies dropped from the targets are told too: their fallback version changed.
    return this.announce(actor, companyId, [...before.version.targetCompanies, ...input.targetCompanies]);
  }

  remove(actor: Actor, companyId: number): void {
    this.targetCompany(actor, companyId);
    const removed = this.ctx.db.transaction((tx) => {
      const row = new AppVersionsRepo(tx).delete(companyId);
      if (!row) throw notFound('App version');
      this.activity.record(
        actor,
        'app_version_deleted',
        `Deleted app version ${row.latestVersion} of company ${companyId}`,
        tx,
      );
      return row;
    });
    this.publish(actor, companyId, removed.targetCompanies, null);
  }

  /** Stores the row of a file that receiveUpload has put in place. */
  registerUpload(actor: Actor, received: ReceivedUpload): UploadedAppFile {
    const row = this.repo.insertFile({
      id: received.id,
      companyId: actor.companyId,
      originalName: received.originalName,
      fileSize: received.size,
      checksum: received.checksum,
      sha512: received.sha512,
      uploadedBy: actor.userId,
      createdAt: this.ctx.clock.now().toISOString(),
    });
    this.activity.record(actor, 'app_version_file_uploaded', `Uploaded ${row.originalName} (${row.fileSize} bytes)`);
    return presentUploadedFile(row);
  }

  /**
   * The file if the caller may download it: a dev; the company that uploaded it; or a company
   * whose visible version points at it. Anything else is "not found" (no hint that it exists).
   */
  fileFor(actor: TicketHolder, fileId: string): AppVersionFileRow {
    const row = AppVersionStorage.isFileId(fileId) ? this.repo.findFile(fileId) : undefined;
    if (!row) throw notFound('File');
    if (isDev(actor) || row.companyId === actor.companyId) return row;
    if (fileIdOf(this.visibleTo(actor)?.version.downloadUrl ?? null) === fileId) return row;
    throw notFound('File');
  }

  /** A ticket URL a browser link can use without the bearer token. */
  ticketUrl(actor: Actor, fileId: string): string {
    const row = this.fileFor(actor, fileId);
    return `${fileDownloadPath(row.id)}?ticket=${this.storage.issueTicket(row.id, actor.userId, actor.companyId)}`;
  }

  /**
   * The file a valid ticket names, or 404 (an expired or forged ticket reveals nothing). The
   * holder is judged as they are now, not as when the ticket was made: a user deleted or
   * deactivated since, or no longer allowed the file (a dev made a user), downloads nothing.
   */
  fileByTicket(fileId: string, ticket: string): AppVersionFileRow {
    const userId = this.storage.ticketUser(ticket);
    const holder = userId === null ? undefined : this.repo.findTicketHolder(userId);
    if (!holder || !AppVersionStorage.isFileId(fileId) || !this.storage.verifyTicket(fileId, ticket, holder.companyId))
      throw notFound('File');
    return this.fileFor(holder, fileId);
  }

  /**
   * Removes uploads that no version points at once they are a day old: abandoned forms and
   * replaced installers would otherwise fill the disk 500 MB at a time. The check and the row's
   * removal are one transaction, so a version saved meanwhile keeps its file.
   */
  async sweepUnusedFiles(): Promise<number> {
    const cutoff = new Date(this.ctx.clock.now().getTime() - UNUSED_FILE_GRACE_MS).toISOString();
    const removed = this.ctx.db.transaction((tx) => {
      const repo = new AppVersionsRepo(tx);
      const used = new Set(repo.downloadUrls().map(fileIdOf));
      const unused = repo.filesCreatedBefore(cutoff).filter((f) => !used.has(f.id));
      unused.forEach((f) => repo.deleteFile(f.id));
      return unused;
    });
    await Promise.all(removed.map((f) => fs.promises.rm(this.storage.pathOf(f.id), { force: true })));
    if (removed.length > 0) this.ctx.logger.info('removed unused app-version files', { count: removed.length });
    return removed.length;
  }

  private visibleTo(actor: TicketHolder): AppVersionWithCompany | undefined {
    const own = this.repo.findByCompany(actor.companyId);
    if (own && (own.version.isPublic || mayManageVersions(actor))) return own;
    return this.repo.findPublicTargeting(actor.companyId);
  }

  /** The company a write is for: a dev may name any existing one; an owner only their own. */
  private targetCompany(actor: Actor, requested: number | undefined): number {
    if (!mayManageVersions(actor))
      throw forbidden('Only developer accounts and company owners may manage app versions');
    const companyId = requested ?? actor.companyId;
    if (companyId === actor.companyId) return companyId;
    if (!isDev(actor)) throw forbidden('You may only manage your own company’s app version');
    if (this.repo.existingCompanyIds([companyId]).size === 0) throw notFound('Company');
    return companyId;
  }

  /**
   * Only a dev publishes a version to other stations (issue 37 point 2): anyone else's version is
   * for their own station. Every other company id gets the same 403 whether it exists or not, so
   * the list cannot be used to learn which ids exist; a dev is told which ones are unknown.
   */
  private checkTargets(actor: Actor, ids: readonly number[]): void {
    if (!isDev(actor)) {
      if (ids.some((id) => id !== actor.companyId)) throw forbidden(TARGETS_NEED_DEV);
      return;
    }
    const existing = this.repo.existingCompanyIds(ids);
    const unknown = ids.filter((id) => !existing.has(id));
    if (unknown.length > 0) throw badRequest(`targetCompanies: unknown company ${unknown.join(', ')}`);
  }

  private fields(input: SaveInput) {
    return {
      latestVersion: input.latestVersion,
      releaseNotes: input.releaseNotes,
      downloadFileName: input.downloadFileName,
      downloadUrl: input.downloadUrl,
      fileSize: input.fileSize ?? null,
      checksum: input.checksum,
      isPublic: input.isPublic,
      targetCompanies: [...new Set(input.targetCompanies)],
    };
  }

  private announce(actor: Actor, companyId: number, targets: readonly number[]): AppVersion {
    const found = this.repo.findByCompany(companyId);
    if (!found) throw notFound('App version');
    const dto = presentAppVersion(found);
    this.publish(actor, companyId, targets, dto);
    return dto;
  }

  /**
   * Tells the company, the companies it targets (their fallback may have changed) and the
   * caller's own company (a dev's All Company Versions table). The version itself travels only
   * when it is public: the live room holds every role, and a hidden version is for dev and owner.
   */
  private publish(actor: Actor, companyId: number, targets: readonly number[], dto: AppVersion | null): void {
    const version = dto?.isPublic ? dto : null;
    for (const id of new Set([companyId, actor.companyId, ...targets])) {
      this.ctx.bus.publish(id, 'app_version_updated', { version });
    }
  }
}
