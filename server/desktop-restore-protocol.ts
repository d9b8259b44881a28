/**
 * Messages between the desktop host's first-run screen "Restore from a backup"
 * (electron/main/first-run-restore.ts) and the one-shot process that checks and restores the
 * backup (server/desktop-restore-entry.ts). The check and the swap run there, not in the window's
 * process: integrity_check and hashing a 1 GB store take seconds, and SQLite stays server-side.
 */

/** What the host passes to the restore process (JSON in the CGB_RESTORE environment variable). */
export interface DesktopRestoreOptions {
  dataDir: string;
  migrationsDir: string;
  /** The backup file the operator chose. */
  backup: string;
}

export const DESKTOP_RESTORE_ENV = 'CGB_RESTORE';

/** What the operator is shown before confirming: the backup's date, stations and row counts. */
export interface CheckedBackup {
  file: string;
  /** When the backup was made (its manifest), else the file's time; ISO 8601. */
  takenAt: string;
  stations: string[];
  counts: Record<string, number>;
}

export type RestoreReport =
  | ({ type: 'restore-checked' } & CheckedBackup)
  | { type: 'restore-done'; safetyBackup: string | null }
  /** The backup was refused (damaged, from a newer version, not a backup): nothing changed. */
  | { type: 'restore-refused'; message: string }
  | { type: 'restore-cancelled' };

export type RestoreAnswer = { type: 'restore-confirm' } | { type: 'restore-cancel' };

const REPORT_TYPES = new Set<string>([
  'restore-checked',
  'restore-done',
  'restore-refused',
  'restore-cancelled',
] satisfies RestoreReport['type'][]);

export function isRestoreReport(value: unknown): value is RestoreReport {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' && REPORT_TYPES.has(type);
}
