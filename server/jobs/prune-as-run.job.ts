import type { AsRunService } from '../modules/as-run/as-run.service';
import type { Job } from './scheduler';

/** Once a day: the as-run log keeps each station's retention (90 days unless set), no more. */
export function pruneAsRunJob(asRun: AsRunService): Job {
  return { name: 'prune-as-run', everyMs: 24 * 60 * 60 * 1000, run: async () => void (await asRun.prune()) };
}
