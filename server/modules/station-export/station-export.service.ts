import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { AppContext } from '../../context';
import { DB_FILE } from '../../db/client';
import type { Actor } from '../../lib/auth';
import { badRequest, forbidden } from '../../lib/errors';
import { Semaphore } from '../../lib/semaphore';
import { APP_VERSION } from '../../version';
import type { ActivityLogsService } from '../activity-logs/activity-logs.service';
import { buildMigrations } from '../backups/backup-migrations';
import { archiveName, buildManifest, writeArchive, type ExportManifest } from './export-archive';
import { spoolStation, type Spooled } from './export-spool';

/** Stations read from the store at once, server-wide; more exports wait their turn (air first). */
const SPOOLS_AT_ONCE = 2;

/** What the export answers on a PostgreSQL store (docs/postgresql.md: pg_dump, the engine's own tools). */
export const PG_EXPORT_MESSAGE =
  'This server keeps its data in PostgreSQL: a station export is not available yet; back it up with pg_dump';

export interface PreparedExport {
  fileName: string;
  manifest: ExportManifest;
  /** Streams the archive to `out`; then (or on failure) the spool files are removed. */
  send(out: Writable, signal: AbortSignal): Promise<void>;
}

/**
 * The per-station export (issue 41, docs/station-export.md): one station's rows as JSON lines per
 * table, its CG texts, and a manifest — the portable counterpart of the whole-server backup. The
 * station is the session's, never the client's: the owner of any station exports their own, and
 * a roletype dev exports the company they belong to. Admins and everyone else are refused 403
 * (docs/decisions.md): the archive holds every user and story of the station.
 */
export class StationExportService {
  private readonly spools = new Semaphore(SPOOLS_AT_ONCE);

  constructor(
    private readonly ctx: AppContext,
    private readonly activity: ActivityLogsService,
  ) {}

  assertAllowed(actor: Actor): void {
    if (actor.role === 'owner' || actor.roletype === 'dev') return;
    throw forbidden("Only the station's owner may export the station's data");
  }

  /**
   * Reads the station into spool files (a snapshot of one moment, in slices that leave the loop
   * to air), records the export in the station's activity history, and returns the archive to send.
   */
  async prepare(actor: Actor, signal: AbortSignal): Promise<PreparedExport> {
    this.assertAllowed(actor);
    // The export reads a snapshot of the SQLite file; a PostgreSQL store exports with the engine's tools.
    if (!this.ctx.sqlite) throw badRequest(PG_EXPORT_MESSAGE);
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'cg-bridge-export-'));
    const remove = () => fs.promises.rm(dir, { recursive: true, force: true });
    let spooled: Spooled;
    try {
      spooled = await this.spools.run(() => {
        signal.throwIfAborted();
        return spoolStation(path.join(this.ctx.config.dataDir, DB_FILE), actor.companyId, dir, this.ctx.onAir, signal);
      });
    } catch (error) {
      await remove();
      throw error;
    }
    const createdAt = this.ctx.clock.now();
    const manifest = buildManifest(spooled, {
      appVersion: APP_VERSION,
      createdAt: createdAt.toISOString(),
      exportedBy: { userId: actor.userId, username: actor.username },
      newestMigration: this.migration(spooled.newestMigrationAt),
    });
    const fileName = archiveName(manifest.station.slug, createdAt);
    const rows = spooled.tables.reduce((n, t) => n + t.rows, 0);
    await this.activity.record(
      { userId: actor.userId, companyId: actor.companyId },
      'station_exported',
      `Exported the station's data: ${fileName} (${rows} rows in ${spooled.tables.length} tables, ${spooled.files.length} CG files)`,
    );
    this.ctx.logger.info('station export', { companyId: actor.companyId, fileName, rows });
    return {
      fileName,
      manifest,
      send: async (out, sendSignal) => {
        try {
          await writeArchive(out, manifest, spooled, sendSignal, this.ctx.onAir);
        } finally {
          await remove();
        }
      },
    };
  }

  private migration(at: number | null): ExportManifest['newestMigration'] {
    if (at === null) return null;
    const tag = buildMigrations(this.ctx.config.migrationsDir).find((m) => m.when === at)?.tag ?? null;
    return { tag, at: new Date(at).toISOString() };
  }
}
