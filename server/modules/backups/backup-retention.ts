import type { BackupReason } from '../../../shared/contracts/backups';

export interface Retention {
  keepHourly: number;
  keepDaily: number;
  keepWeekly: number;
}

interface Dated {
  name: string;
  at: Date;
  reason: BackupReason;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 1970-01-01 was a Thursday: weeks here start on Monday (UTC). */
const MONDAY_OFFSET = 4 * DAY;

/**
 * The backups retention removes (pure). Kept: the newest backup of each of the last `keepHourly`
 * hours that have one, of the last `keepDaily` days and of the last `keepWeekly` weeks (UTC), the
 * newest backup of all, and the newest one taken before migrations and before a restore — the
 * way back from an update or a restore gone wrong is never pruned by the hourly churn.
 */
export function backupsToRemove(backups: Dated[], keep: Retention): string[] {
  const newest = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  const byBucket = (count: number, bucket: (ms: number) => number) => {
    const seen = new Set<number>();
    for (const b of newest) {
      const key = bucket(b.at.getTime());
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      kept.add(b.name);
    }
  };
  byBucket(keep.keepHourly, (ms) => Math.floor(ms / HOUR));
  byBucket(keep.keepDaily, (ms) => Math.floor(ms / DAY));
  byBucket(keep.keepWeekly, (ms) => Math.floor((ms - MONDAY_OFFSET) / (7 * DAY)));
  if (newest[0]) kept.add(newest[0].name);
  for (const reason of ['before-migrations', 'before-restore'] as const) {
    const last = newest.find((b) => b.reason === reason);
    if (last) kept.add(last.name);
  }
  return newest.filter((b) => !kept.has(b.name)).map((b) => b.name);
}
