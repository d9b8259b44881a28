import type { RecycleBinService } from '../modules/recycle-bin/recycle-bin.service';
import type { Job } from './scheduler';

/** Deleted news older than the 2-hour retention is removed for good; checked every minute. */
export function purgeRecycleBinJob(bin: RecycleBinService): Job {
  return { name: 'purge-recycle-bin', everyMs: 60_000, run: async () => void (await bin.purgeAllExpired()) };
}
