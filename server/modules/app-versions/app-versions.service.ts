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
import { DownloadTickets } from './download-tickets';
import { InstallerCopies } from './installer-copies';
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
 * Every app-version write is the server's, not one station's (docs/postgresql.md: installer
 * versions): a station's version may point at an installer another company uploaded (a dev's),
 * and the sweep judges every station's versions at once. One writer keeps a save and the sweep
 * from passing each other, and one version per company holds under saves made at once.
 */
const WRITER = 'server';

/**
 * App versions (docs/product.md §Screens and routes, §API): one installer version per company, created and edited by a
 * dev for any company or by an owner for their own. A company without its own version sees the
 * newest public version that targets it; only a dev may target other companies (issue 37).
 * Non-public versions are seen by dev and owner only.
 */
export class AppVersionsService {
  readonly storage: AppVersionStorage;
  /** The installers on this server's disk and in a shared store (issue 43). */
  readonly copies: InstallerCopies;
  readonly feeds: AppVersionFeeds;
  private readonly tickets: DownloadTickets;

  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {
    this.storage = new AppVersionStorage(ctx.config.dataDir, ctx.logger);
    this.copies = new InstallerCopies(ctx, this.storage);
    this.tickets = new DownloadTickets(ctx.store, ctx.clock);
    this.feeds = new AppVersionFeeds(ctx.store, this.copies, ctx.clock);
    this.copies.settleAtStart();
  }

  /** The server's worker threads: an upload's hashes are computed there (app-version-upload.ts). */
  get heavy(): HeavyPool {
    return this.ctx.heavy;
  }

  /** An upload's chunks wait while an on-air write runs (app-version-upload.ts). */
  get onAir(): OnAirGate {
    return this.ctx.onAir;
  }

  /** The version the caller's desktops should run, or null. */
  async current(actor: Actor): Promise<AppVersion | null> {
    const found = await this.ctx.store.read((q) => this.visibleTo(new AppVersionsRepo(q), actor));
    return found ? presentAppVersion(found) : null;
  }

  async listAll(): Promise<AppVersion[]> {
    const rows = await this.ctx.store.read((q) => new AppVersionsRepo(q).listAll());
    return rows.map(presentAppVersion);
  }

  async create(actor: Actor, input: SaveInput): Promise<AppVersion> {
    const now = this.ctx.clock.now().toISOString();
    // Checked where it is written: two saves at once for one company make one version and a 409.
    const { companyId, dto } = await this.ctx.store.write(WRITER, async (tx) => {
      const repo = new AppVersionsRepo(tx);
      const companyId = await this.targetCompany(repo, actor, input.companyId);
      await this.checkTargets(repo, actor, input.targetCompanies);
      if (await repo.findByCompany(companyId))
        throw conflict('This company already has an app version; edit it instead');
      const row = await repo.insert({ companyId, ...this.fields(input), createdAt: now, updatedAt: now });
      await this.activity.record(
        actor,
        'app_version_created',
        `Created app version ${row.latestVersion} for company ${companyId}`,
        tx,
      );
      return { companyId, dto: await this.saved(repo, companyId) };
    });
    this.publish(actor, companyId, dto.targetCompanies, dto);
    return dto;
  }

  async update(actor: Actor, input: SaveInput): Promise<AppVersion> {
    const { companyId, before, dto } = await this.ctx.store.write(WRITER, async (tx) => {
      const repo = new AppVersionsRepo(tx);
      const companyId = await this.targetCompany(repo, actor, input.companyId);
      await this.checkTargets(repo, actor, input.targetCompanies);
      const before = await repo.findByCompany(companyId);
      if (!before) throw notFound('App version');
      const row = await repo.update(companyId, {
        ...this.fields(input),
        updatedAt: this.ctx.clock.now().toISOString(),
      });
      if (!row) throw notFound('App version');
      await this.activity.record(
        actor,
        'app_version_updated',
        `Updated app version for company ${companyId} to ${row.latestVersion}`,
        tx,
      );
      return { companyId, before, dto: await this.saved(repo, companyId) };
    });
    // Companies dropped from the targets are told too: their fallback version changed.
    this.publish(actor, companyId, [...before.version.targetCompanies, ...input.targetCompanies], dto);
    return dto;
  }

  async remove(actor: Actor, companyId: number): Promise<void> {
    const removed = await this.ctx.store.write(WRITER, async (tx) => {
      const repo = new AppVersionsRepo(tx);
      await this.targetCompany(repo, actor, companyId);
      const row = await repo.delete(companyId);
      if (!row) throw notFound('App version');
      await this.activity.record(
        actor,
        'app_version_deleted',
        `Deleted app version ${row.latestVersion} of company ${companyId}`,
        tx,
      );
      return row;
    });
    this.publish(actor, companyId, removed.targetCompanies, null);
  }

  /**
   * Stores the row of a file that receiveUpload has put in place (and hashed: both outside the
   * write); on a PostgreSQL store the answer waits until the store holds the file for every server.
   */
  async registerUpload(actor: Actor, received: ReceivedUpload): Promise<UploadedAppFile> {
    const row = await this.ctx.store.write(WRITER, async (tx) => {
      const file = await new AppVersionsRepo(tx).insertFile({
        id: received.id,
        companyId: actor.companyId,
        originalName: received.originalName,
        fileSize: received.size,
        checksum: received.checksum,
        sha512: received.sha512,
        uploadedBy: actor.userId,
        createdAt: this.ctx.clock.now().toISOString(),
      });
      await this.activity.record(
        actor,
        'app_version_file_uploaded',
        `Uploaded ${file.originalName} (${file.fileSize} bytes)`,
        tx,
      );
      return file;
    });
    await this.copies.shareUpload(row.id);
    return presentUploadedFile(row);
  }

  /**
   * The file if the caller may download it: a dev; the company that uploaded it; or a company
   * whose visible version points at it. Anything else is "not found" (no hint that it exists).
   */
  fileFor(actor: TicketHolder, fileId: string): Promise<AppVersionFileRow> {
    return this.ctx.store.read((q) => this.fileIn(new AppVersionsRepo(q), actor, fileId));
  }

  /** A ticket URL a browser link can use without the bearer token. */
  async ticketUrl(actor: Actor, fileId: string): Promise<string> {
    const row = await this.fileFor(actor, fileId);
    return `${fileDownloadPath(row.id)}?ticket=${await this.tickets.issue(row.id, actor.userId, actor.companyId)}`;
  }

  /**
   * The file a valid ticket names, or 404 (an expired or forged ticket reveals nothing). The
   * holder is judged as they are now, not as when the ticket was made: a user deleted or
   * deactivated since, or no longer allowed the file (a dev made a user), downloads nothing.
   */
  async fileByTicket(fileId: string, ticket: string): Promise<AppVersionFileRow> {
    const userId = this.tickets.userOf(ticket);
    const holder =
      userId === null ? undefined : await this.ctx.store.read((q) => new AppVersionsRepo(q).findTicketHolder(userId));
    if (!holder || !(await this.tickets.verify(fileId, ticket, holder.companyId))) throw notFound('File');
    return this.fileFor(holder, fileId);
  }

  /**
   * Removes uploads that no version points at once they are a day old: abandoned forms and
   * replaced installers would otherwise fill the disk 500 MB at a time. The check and the row's
   * removal are one transaction, so a version saved meanwhile keeps its file; the files on disk
   * go after the commit (the store's copies with the rows; other servers' copies when next asked
   * for, or at their start: installer-copies.ts).
   */
  async sweepUnusedFiles(): Promise<number> {
    const cutoff = new Date(this.ctx.clock.now().getTime() - UNUSED_FILE_GRACE_MS).toISOString();
    const removed = await this.ctx.store.write(WRITER, async (tx) => {
      const repo = new AppVersionsRepo(tx);
      const used = new Set((await repo.downloadUrls()).map(fileIdOf));
      const unused = (await repo.filesCreatedBefore(cutoff)).filter((f) => !used.has(f.id));
      for (const f of unused) await repo.deleteFile(f.id);
      return unused;
    });
    await Promise.all(removed.map((f) => this.storage.remove(f.id)));
    if (removed.length > 0) this.ctx.logger.info('removed unused app-version files', { count: removed.length });
    return removed.length;
  }

  private async fileIn(repo: AppVersionsRepo, actor: TicketHolder, fileId: string): Promise<AppVersionFileRow> {
    if (!AppVersionStorage.isFileId(fileId)) throw notFound('File');
    const row = await repo.findFile(fileId);
    if (!row) {
      this.copies.forget(fileId);
      throw notFound('File');
    }
    if (isDev(actor) || row.companyId === actor.companyId) return row;
    if (fileIdOf((await this.visibleTo(repo, actor))?.version.downloadUrl ?? null) === fileId) return row;
    throw notFound('File');
  }

  private async visibleTo(repo: AppVersionsRepo, actor: TicketHolder): Promise<AppVersionWithCompany | undefined> {
    const own = await repo.findByCompany(actor.companyId);
    if (own && (own.version.isPublic || mayManageVersions(actor))) return own;
    return repo.findPublicTargeting(actor.companyId);
  }

  /** The company a write is for: a dev may name any existing one; an owner only their own. */
  private async targetCompany(repo: AppVersionsRepo, actor: Actor, requested: number | undefined): Promise<number> {
    if (!mayManageVersions(actor))
      throw forbidden('Only developer accounts and company owners may manage app versions');
    const companyId = requested ?? actor.companyId;
    if (companyId === actor.companyId) return companyId;
    if (!isDev(actor)) throw forbidden('You may only manage your own company’s app version');
    if ((await repo.existingCompanyIds([companyId])).size === 0) throw notFound('Company');
    return companyId;
  }

  /**
   * Only a dev publishes a version to other stations (issue 37 point 2): anyone else's version is
   * for their own station. Every other company id gets the same 403 whether it exists or not, so
   * the list cannot be used to learn which ids exist; a dev is told which ones are unknown.
   */
  private async checkTargets(repo: AppVersionsRepo, actor: Actor, ids: readonly number[]): Promise<void> {
    if (!isDev(actor)) {
      if (ids.some((id) => id !== actor.companyId)) throw forbidden(TARGETS_NEED_DEV);
      return;
    }
    const existing = await repo.existingCompanyIds(ids);
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

  /** The version as saved, with its company's name: what the caller gets back and the room is told. */
  private async saved(repo: AppVersionsRepo, companyId: number): Promise<AppVersion> {
    const found = await repo.findByCompany(companyId);
    if (!found) throw notFound('App version');
    return presentAppVersion(found);
  }

  /**
   * Tells the company, the companies it targets (their fallback may have changed) and the
   * caller's own company (a dev's All Company Versions table), once the write has committed. The
   * version itself travels only when it is public: the live room holds every role, and a hidden
   * version is for dev and owner.
   */
  private publish(actor: Actor, companyId: number, targets: readonly number[], dto: AppVersion | null): void {
    const version = dto?.isPublic ? dto : null;
    for (const id of new Set([companyId, actor.companyId, ...targets])) {
      this.ctx.bus.publish(id, 'app_version_updated', { version });
    }
  }
}
