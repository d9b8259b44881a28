import type { AppVersionsService } from '../modules/app-versions/app-versions.service';
import type { Job } from './scheduler';

/** Hourly: uploads no app version points at, once a day old, leave the disk. */
export function sweepAppVersionFilesJob(versions: AppVersionsService): Job {
  return {
    name: 'sweep-app-version-files',
    everyMs: 60 * 60 * 1000,
    run: () => versions.sweepUnusedFiles().then(() => undefined),
  };
}
