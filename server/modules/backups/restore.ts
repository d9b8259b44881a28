import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DB_FILE } from '../../db/client';
import { syncFolder } from '../../lib/durable-file';
import { readManifest, takeBackup } from './backup-engine';
import { backupsDir, newerThanBuild } from './backup-migrations';
import { serverRunningProblem } from './server-lock';
import { verifyBackupFile, type VerifyResult } from './backup-verify';

export interface RestorePlan {
  dataDir: string;
  migrationsDir: string;
  /** A path, or the name of a backup in data/backups. */
  backup: string;
  appVersion: string;
  now: Date;
  /** Said in the activity log: the command line, or the Backups page and who. */
  how?: string;
}

export class RestoreRefused extends Error {}

/** Left by a restore for the next start (cg-files resyncAll): the store is the truth, not the files. */
const RESTORED_MARKER = 'restored-from-backup.json';

/** Whether the store was just restored; `done()` removes the mark once the CG files match it. */
export function restoredMark(dataDir: string): { restored: boolean; done: () => void } {
  const file = path.join(dataDir, RESTORED_MARKER);
  return { restored: fs.existsSync(file), done: () => fs.rmSync(file, { force: true }) };
}

/** The backup file the operator meant: a path as given, else a name in the backups folder. */
export function resolveBackup(dataDir: string, given: string): string {
  const candidates = [path.resolve(given), path.join(backupsDir(dataDir), given)];
  const found = candidates.find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  if (!found) throw new RestoreRefused(`No backup file ${given} (looked at ${candidates.join(' and ')})`);
  return found;
}

/**
 * Checks a backup without touching it: copied beside the store, the copy checked (integrity,
 * counts, stations, newest migration) and compared with the manifest when there is one.
 */
export async function checkBackup(plan: RestorePlan): Promise<{ file: string; copy: string; checked: VerifyResult }> {
  const file = resolveBackup(plan.dataDir, plan.backup);
  const copy = path.join(plan.dataDir, `.restore-${process.pid}.sqlite`);
  // Copied on libuv's pool: the server's own restore must not hold the event loop for a 1 GB file.
  await fs.promises.copyFile(file, copy);
  const checked = await verifyBackupFile(copy, { makeSelfContained: true });
  const refuse = (why: string) => {
    fs.rmSync(copy, { force: true });
    return new RestoreRefused(why);
  };
  if (checked.integrity !== 'ok') throw refuse(`The backup failed its integrity check: ${checked.integrity}`);
  const newer = newerThanBuild(checked.lastMigrationAt, plan.migrationsDir);
  if (newer) throw refuse(newer);
  const manifest = readManifest(file);
  if (manifest && manifest.sha256 !== checked.sha256)
    throw refuse(
      `The backup does not match its manifest (SHA-256 differs): it was changed or damaged after it was made`,
    );
  return { file, copy, checked };
}

/**
 * Restores a checked backup into a STOPPED server's data folder: the current store is backed up
 * first (reason before-restore), the restore is recorded in the restored store's activity log,
 * and the copy is renamed over the store — one atomic step. The next start migrates it forward.
 */
export async function restoreBackup(plan: RestorePlan, copy: string): Promise<{ safetyBackup: string | null }> {
  const running = serverRunningProblem(plan.dataDir);
  if (running) throw new RestoreRefused(running);
  const store = path.join(plan.dataDir, DB_FILE);
  let safetyBackup: string | null = null;
  if (fs.existsSync(store)) {
    const current = new Database(store);
    try {
      safetyBackup = (
        await takeBackup(current, backupsDir(plan.dataDir), {
          at: plan.now,
          reason: 'before-restore',
          appVersion: plan.appVersion,
        })
      ).file;
    } finally {
      // A clean close checkpoints the WAL into the store and removes it.
      current.close();
    }
  }
  // A WAL left beside the store would be replayed into the restored file: never swap over one.
  const wal = `${store}-wal`;
  if (fs.existsSync(wal) && fs.statSync(wal).size > 0)
    throw new RestoreRefused(`${wal} is still in use: stop every CG Bridge process first`);
  fs.rmSync(wal, { force: true });
  fs.rmSync(`${store}-shm`, { force: true });
  recordRestore(copy, path.basename(plan.backup), plan.now, plan.how ?? 'npm run restore');
  fs.renameSync(copy, store);
  // The next start replaces the CG files with the backup's texts instead of adopting them.
  fs.writeFileSync(
    path.join(plan.dataDir, RESTORED_MARKER),
    JSON.stringify({ backup: path.basename(plan.backup), at: plan.now.toISOString() }),
  );
  await syncFolder(plan.dataDir);
  return { safetyBackup };
}

/** The host station's activity log says what happened (written into the restored store itself). */
function recordRestore(copy: string, name: string, now: Date, how: string): void {
  const db = new Database(copy);
  try {
    const host = db.prepare('SELECT MIN(id) FROM companies').pluck().get() as number | null;
    if (host !== null) {
      db.prepare(
        'INSERT INTO activity_logs (company_id, user_id, action, details, created_at) VALUES (?, NULL, ?, ?, ?)',
      ).run(host, 'backup_restored', `Restored from backup ${name} (${how})`, now.toISOString());
    }
  } finally {
    db.close();
  }
}
