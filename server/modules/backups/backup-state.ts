import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BACKUP_DEFAULTS, backupSettingsSchema, type BackupSettings } from '../../../shared/contracts/backups';

/**
 * Backup settings and the off-PC copy's state live in JSON files in the data folder, NOT in the
 * store: they are the server's (not a station's), and a restore of an older store must not also
 * move the backups back to an old folder or forget the last off-PC copy.
 */
const SETTINGS_FILE = 'backup-settings.json';
const STATE_FILE = 'backup-state.json';

const stateSchema = z.object({
  offsiteLastCopyAt: z.string().nullable(),
  offsiteLastError: z.string().nullable(),
  lastError: z.string().nullable(),
  lastBackupAt: z.string().nullable(),
  /** The last copy time (or 'never') the owner was last told about: said once per copy missed. */
  offsiteStaleToldFor: z.string().nullable().default(null),
});
export type BackupState = z.infer<typeof stateSchema>;

const EMPTY_STATE: BackupState = {
  offsiteLastCopyAt: null,
  offsiteLastError: null,
  lastError: null,
  lastBackupAt: null,
  offsiteStaleToldFor: null,
};
export const DEFAULT_SETTINGS: BackupSettings = { ...BACKUP_DEFAULTS, offsiteFolder: null };

function readJson<T>(file: string, schema: z.ZodType<T, unknown>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

/** Temp file, fsync, rename: a crash leaves the old file or the new one, never half of one. */
export function writeJsonAtomically(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeFileSync(fd, `${JSON.stringify(value, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

export class BackupStateFiles {
  constructor(private readonly dataDir: string) {}

  settings(): BackupSettings {
    return readJson(path.join(this.dataDir, SETTINGS_FILE), backupSettingsSchema, DEFAULT_SETTINGS);
  }

  saveSettings(settings: BackupSettings): void {
    writeJsonAtomically(path.join(this.dataDir, SETTINGS_FILE), settings);
  }

  state(): BackupState {
    return readJson(path.join(this.dataDir, STATE_FILE), stateSchema, EMPTY_STATE);
  }

  updateState(change: Partial<BackupState>): BackupState {
    const next = { ...this.state(), ...change };
    writeJsonAtomically(path.join(this.dataDir, STATE_FILE), next);
    return next;
  }
}
