import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { buildUpdateFeed, feedVersion, renderUpdateFeed } from '../../../shared/update-feed';
import type { AppVersionFileRow, AppVersionRow } from '../../db/schema';
import type { Store } from '../../db/store';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { fileIdOf } from './app-versions.presenter';
import { AppVersionsRepo } from './app-versions.repo';
import type { InstallerCopies } from './installer-copies';

/** Where a company's feed lives; electron-updater fetches `latest.yml` and the installer under it. */
export const feedFolderPath = (companyId: number, key: string) => `/api/app-versions/feed/${companyId}/${key}/`;

/** A new feed key (unguessable: 192 bits). */
export const newFeedKey = () => randomBytes(24).toString('hex');

interface Release {
  version: AppVersionRow;
  file: AppVersionFileRow;
}

/**
 * The station's update feed for its desktop app (issue 23): electron-updater's generic provider
 * reads `latest.yml` built from the company's App Version and downloads the installer next to
 * it. The desktop host is not a signed-in user, so the feed is reached by an unguessable
 * per-company key in the path (docs/decisions.md "Issue 23 — update feed"). It offers what an
 * ordinary member of the company would see: its own public version, else the newest public
 * version that targets it — never a hidden one still being tried by dev/owner.
 */
export class AppVersionFeeds {
  constructor(
    private readonly store: Store,
    private readonly copies: InstallerCopies,
    private readonly clock: Clock,
  ) {}

  /** The company's feed folder (its key is made on first use and then kept). */
  async folderPath(companyId: number): Promise<string> {
    const key =
      (await this.store.read((q) => new AppVersionsRepo(q).feedKey(companyId))) ??
      // Two first uses at once: the insert keeps whichever key was stored first, and both get it.
      (await this.store.write('server', (tx) =>
        new AppVersionsRepo(tx).insertFeedKey(companyId, newFeedKey(), this.clock.now().toISOString()),
      ));
    return feedFolderPath(companyId, key);
  }

  /** The feed folder of the station this server was set up for (what its own desktop app reads). */
  async homeFolderPath(): Promise<string | null> {
    const companyId = await this.store.read((q) => new AppVersionsRepo(q).oldestActiveCompanyId());
    return companyId === undefined ? null : this.folderPath(companyId);
  }

  /** latest.yml text, or 404 (wrong key, no public version, installer not stored here, not semver). */
  async latestYml(companyId: number, key: string): Promise<string> {
    const { version, file } = await this.release(companyId, key);
    const semver = feedVersion(version.latestVersion);
    if (!semver)
      throw notFound(
        `App version "${version.latestVersion}" is not a version number the desktop app can compare (such as 2.4.0); the feed`,
      );
    const feed = buildUpdateFeed({
      version: semver,
      releaseNotes: version.releaseNotes,
      releaseDate: version.updatedAt,
      url: `${file.id}/${encodeURIComponent(file.originalName)}`,
      size: file.fileSize,
      sha512: file.sha512 ?? (await this.computeSha512(file)),
      sha256: file.checksum,
    });
    return renderUpdateFeed(feed);
  }

  /** The installer the feed names now, if `fileId` and `name` are exactly it; 404 otherwise. */
  async installer(companyId: number, key: string, fileId: string, name: string): Promise<AppVersionFileRow> {
    const { file } = await this.release(companyId, key);
    if (file.id !== fileId || file.originalName !== name) throw notFound('File');
    return file;
  }

  private release(companyId: number, key: string): Promise<Release> {
    return this.store.read(async (q) => {
      const repo = new AppVersionsRepo(q);
      const stored = await repo.feedKey(companyId);
      if (!stored || !sameKey(stored, key)) throw notFound('Update feed');
      const own = await repo.findByCompany(companyId);
      const version = (own?.version.isPublic ? own : await repo.findPublicTargeting(companyId))?.version;
      if (!version) throw notFound('App version');
      const fileId = fileIdOf(version.downloadUrl);
      const file = fileId ? await repo.findFile(fileId) : undefined;
      // An installer on another site has no checksums we vouch for: the desktop is not offered it.
      if (!file) throw notFound('An installer uploaded to this server for this app version');
      return { version, file };
    });
  }

  /**
   * Files uploaded before the feed existed have no SHA-512: hashed once from disk (before the
   * write: no file read inside it; fetched from the store first on a server lacking it), then
   * stored. Two feeds read at once store the same hash.
   */
  private async computeSha512(file: AppVersionFileRow): Promise<string> {
    const hash = createHash('sha512');
    await pipeline(fs.createReadStream(await this.copies.localPath(file)), hash);
    const sha512 = hash.digest('base64');
    await this.store.write('server', (tx) => new AppVersionsRepo(tx).setFileSha512(file.id, sha512));
    return sha512;
  }
}

function sameKey(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
