import type { AuthService } from '../modules/auth/auth.service';
import type { Job } from './scheduler';

/** Deletes expired sessions so the table does not grow forever. */
export function purgeSessionsJob(auth: AuthService): Job {
  return { name: 'purge-sessions', everyMs: 60 * 60 * 1000, run: async () => void (await auth.purgeExpired()) };
}
