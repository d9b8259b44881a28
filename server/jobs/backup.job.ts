import type { BackupsService } from '../modules/backups/backups.service';
import type { Job } from './scheduler';

/**
 * Scheduled backups (issue 41). The job looks every minute; the interval itself is a setting
 * (Settings → Backups), so changing it needs no restart.
 */
export function backupJob(backups: BackupsService): Job {
  return { name: 'backup', everyMs: 60_000, run: () => backups.runIfDue() };
}
