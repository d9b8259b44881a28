import { z } from 'zod';

/** Why a backup was taken (the file name carries it too). */
export const BACKUP_REASONS = ['scheduled', 'start', 'manual', 'before-migrations', 'before-restore'] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];

/** Defaults of Settings → Backups (issue 41). */
export const BACKUP_DEFAULTS = { intervalMinutes: 60, keepHourly: 24, keepDaily: 14, keepWeekly: 8 } as const;

export const backupSettingsSchema = z.object({
  intervalMinutes: z
    .number()
    .int()
    .min(15, 'Back up at least every 15 minutes or more')
    .max(24 * 60, 'Back up at least once a day'),
  keepHourly: z.number().int().min(1).max(500),
  keepDaily: z.number().int().min(0).max(500),
  keepWeekly: z.number().int().min(0).max(500),
  /** A second disk or a network share (absolute path, UNC on Windows); null = none. */
  offsiteFolder: z.string().trim().max(500).nullable(),
});
export type BackupSettings = z.infer<typeof backupSettingsSchema>;

export const updateBackupSettingsSchema = backupSettingsSchema.strict();

/** The manifest written beside every complete backup (`<name>.manifest.json`). */
export const backupManifestSchema = z.object({
  file: z.string(),
  createdAt: z.string(),
  reason: z.enum(BACKUP_REASONS),
  appVersion: z.string(),
  bytes: z.number(),
  sha256: z.string(),
  /** `ok`, or SQLite's own words for what is wrong. */
  integrity: z.string(),
  counts: z.record(z.string(), z.number()),
  stations: z.array(z.string()),
  /** The newest migration applied in the backup (drizzle's created_at = the journal's `when`). */
  lastMigrationAt: z.number().nullable(),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const backupItemSchema = z.object({
  name: z.string(),
  createdAt: z.string(),
  reason: z.enum(BACKUP_REASONS),
  bytes: z.number(),
  verified: z.boolean(),
  /** Why it is not verified (integrity_check's answer), null when it is. */
  problem: z.string().nullable(),
  sha256: z.string(),
  counts: z.record(z.string(), z.number()),
  stations: z.array(z.string()),
});
export type BackupItem = z.infer<typeof backupItemSchema>;

export const backupOverviewSchema = z.object({
  settings: backupSettingsSchema,
  backups: z.array(backupItemSchema),
  /** Where local backups are kept (absolute). */
  folder: z.string(),
  offsite: z.object({
    lastCopyAt: z.string().nullable(),
    lastError: z.string().nullable(),
    /** No off-PC copy for more than two intervals (or never, with a folder set). */
    stale: z.boolean(),
  }),
  /** The last backup's failure (integrity, disk), shown until a backup succeeds. */
  lastError: z.string().nullable(),
  /** What is not in a backup, and why (the page names it). */
  notIncluded: z.array(z.string()),
  /** The caller may restore (the host station's owner): the page offers Restore. */
  canRestore: z.boolean(),
});
export type BackupOverview = z.infer<typeof backupOverviewSchema>;

/**
 * Restore from the Backups page (issue 41): the host station's owner names a backup and types the
 * host station's name, as the command line asks. The server backs up the current store, restarts
 * on the backup and every client reloads.
 */
export const restoreBackupSchema = z
  .object({
    name: z.string().trim().min(1, 'Choose a backup').max(200),
    stationName: z.string().trim().min(1, 'Type the station name to confirm').max(200),
  })
  .strict();
export type RestoreBackupInput = z.infer<typeof restoreBackupSchema>;

/** The answer before the server goes away: what is being restored. */
export interface RestoreStarted {
  restoring: true;
  name: string;
  createdAt: string;
  stations: string[];
}
