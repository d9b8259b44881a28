import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { backupManifestSchema, type BackupManifest, type BackupReason } from '../../../shared/contracts/backups';
import { syncFolder } from '../../lib/durable-file';
import { backupName, manifestPath, parseBackupName, PARTIAL_PREFIX, partialPath } from './backup-names';
import { writeJsonAtomically } from './backup-state';
import { verifyBackupFile } from './backup-verify';

/** Pages copied per step (4 KB pages: 1 MB), then the loop turns: no step holds air for long. */
const PAGES_PER_STEP = 256;

export interface TakeOptions {
  at: Date;
  reason: BackupReason;
  appVersion: string;
  /** While true, steps copy nothing and wait for the next turn of the loop (an on-air write runs). */
  airBusy?: () => boolean;
}

/**
 * One online backup of the open store into `dir`: SQLite's backup API on the server's own
 * connection (writes made meanwhile by this connection are copied too, so the backup never
 * restarts), 1 MB per turn of the event loop, into `.partial-<name>`; then checked off the air
 * thread, renamed, and its manifest written last. Only a file with a manifest is a backup.
 */
export async function takeBackup(sqlite: Database.Database, dir: string, opts: TakeOptions): Promise<BackupManifest> {
  fs.mkdirSync(dir, { recursive: true });
  const name = backupName(opts.at, opts.reason);
  const tmp = partialPath(dir, name);
  fs.rmSync(tmp, { force: true });
  try {
    await sqlite.backup(tmp, { progress: () => (opts.airBusy?.() ? 0 : PAGES_PER_STEP) });
    const checked = await verifyBackupFile(tmp, { makeSelfContained: true });
    const file = path.join(dir, name);
    fs.renameSync(tmp, file);
    const manifest: BackupManifest = {
      file: name,
      createdAt: opts.at.toISOString(),
      reason: opts.reason,
      appVersion: opts.appVersion,
      bytes: checked.bytes,
      sha256: checked.sha256,
      integrity: checked.integrity,
      counts: checked.counts,
      stations: checked.stations,
      lastMigrationAt: checked.lastMigrationAt,
    };
    writeJsonAtomically(manifestPath(file), manifest);
    await syncFolder(dir);
    return manifest;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

export interface ListedBackup {
  file: string;
  manifest: BackupManifest;
}

/** The complete backups in `dir` (a manifest beside them), newest first. */
export function listBackups(dir: string): ListedBackup[] {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const listed: ListedBackup[] = [];
  for (const name of names) {
    if (!parseBackupName(name)) continue;
    const file = path.join(dir, name);
    const manifest = readManifest(file);
    if (manifest) listed.push({ file, manifest });
  }
  return listed.sort((a, b) => b.manifest.createdAt.localeCompare(a.manifest.createdAt));
}

export function readManifest(file: string): BackupManifest | null {
  try {
    const parsed = backupManifestSchema.safeParse(JSON.parse(fs.readFileSync(manifestPath(file), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * What a crash mid-backup left: `.partial-` files, and a renamed backup whose manifest was never
 * written (killed between the two). Neither is a backup; both are removed at start.
 */
export function sweepIncomplete(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const removed: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    const orphan = parseBackupName(name) !== null && !fs.existsSync(manifestPath(file));
    if (name.startsWith(PARTIAL_PREFIX) || orphan || /\.manifest\.json\.\d+\.tmp$/.test(name)) {
      fs.rmSync(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}

export function removeBackup(dir: string, name: string): void {
  const file = path.join(dir, name);
  // Manifest first: a crash in between leaves a manifest-less file, which start-up sweeps.
  fs.rmSync(manifestPath(file), { force: true });
  fs.rmSync(file, { force: true });
}
