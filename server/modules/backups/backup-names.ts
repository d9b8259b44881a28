import path from 'node:path';
import { BACKUP_REASONS, type BackupReason } from '../../../shared/contracts/backups';

/**
 * Backup file names: `cg-bridge-<UTC date>-<reason>.sqlite` (colons are not allowed in Windows
 * names, so the time is written with dashes). A backup in progress is written under a name that
 * starts with `.partial-` and is renamed only once it is complete; the manifest is written last,
 * so a file without a manifest beside it is never listed as a backup (kill -9 mid-way).
 */
export const PARTIAL_PREFIX = '.partial-';
export const MANIFEST_SUFFIX = '.manifest.json';
const NAME = /^cg-bridge-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-([a-z-]+)\.sqlite$/;

export function backupName(at: Date, reason: BackupReason): string {
  const stamp = at.toISOString().replace(/:/g, '-').replace('.', '-');
  return `cg-bridge-${stamp}-${reason}.sqlite`;
}

/** The date and reason a name carries, or null when it is not one of our backup names. */
export function parseBackupName(name: string): { at: Date; reason: BackupReason } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const reason = BACKUP_REASONS.find((r) => r === m[6]);
  if (!reason) return null;
  const at = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(at.getTime()) ? null : { at, reason };
}

export const manifestPath = (file: string) => `${file}${MANIFEST_SUFFIX}`;
export const partialPath = (dir: string, name: string) => path.join(dir, `${PARTIAL_PREFIX}${name}`);
