import path from 'node:path';
import type { ServerConfig } from '../../config';
import { openStore } from '../../db/open-store';
import { APP_VERSION } from '../../version';
import { backupBeforeMigrations } from '../backups/backup-migrations';
import { serverRunningProblem } from '../backups/server-lock';
import type { ExportManifest } from './export-archive';
import { ImportRefused, readArchive } from './import-archive';
import { importStation, type ImportResult } from './import-station';

export interface RunImportOptions {
  name?: string;
  usernameSuffix?: string;
  /** Progress lines for the operator (the command prints them). */
  say?: (line: string) => void;
  now?: Date;
}

/**
 * `npm run station:import` without the printing (server/cli-station-import.ts): refuses while a
 * server runs on the data folder (its writes and the import's would cross), checks the whole
 * archive before the store is opened, then opens the store the configuration names — the SQLite
 * file in DATA_DIR (migrated as a start would, after the same verified backup), or PostgreSQL
 * with DATABASE_URL — and imports the station in one write.
 */
export async function runStationImport(
  config: ServerConfig,
  archivePath: string,
  options: RunImportOptions = {},
): Promise<{ manifest: ExportManifest; result: ImportResult }> {
  const say = options.say ?? (() => undefined);
  const running = serverRunningProblem(config.dataDir, 'import the station');
  if (running) throw new ImportRefused(running);
  const archive = await readArchive(archivePath, config.migrationsDir);
  try {
    const { manifest } = archive;
    const rows = archive.tables.reduce((n, t) => n + t.rows, 0);
    say(
      `Checked ${path.basename(archivePath)}: station "${manifest.station.name}", exported ${manifest.createdAt} by CG Bridge ${manifest.appVersion}; ${archive.tables.length} tables, ${rows} rows, ${archive.files.size} CG files — sizes, SHA-256 and row counts match the manifest.`,
    );
    const now = options.now ?? new Date();
    if (!config.databaseUrl) await backupBeforeMigrations(config.dataDir, config.migrationsDir, APP_VERSION, now);
    const opened = await openStore(config);
    try {
      const result = await importStation(opened.store, archive, {
        name: options.name,
        usernameSuffix: options.usernameSuffix,
        baseDir: config.baseDir,
        now,
        archiveName: path.basename(archivePath),
      });
      return { manifest, result };
    } finally {
      await opened.close();
    }
  } finally {
    await archive.remove();
  }
}
