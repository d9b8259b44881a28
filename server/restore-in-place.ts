import fs from 'node:fs';
import type { LiveHub } from './live/hub';
import type { Logger } from './lib/logger';
import { restoreBackup } from './modules/backups/restore';
import type { RestoreInPlace } from './modules/backups/restore-request';

/**
 * A restore from the Backups page (issue 41), the same steps as `npm run restore` with the
 * server doing its own stop and start: every client is told, the server closes as on shutdown
 * (requests in flight answer, the CG files and as-run log are flushed, the store is closed),
 * the current store is backed up and the checked copy renamed over it, and the server starts
 * again on the same port — migrating an older backup forward, resyncing the CG files to it.
 * The RunningServer object the host holds is updated in place, so its close() stops the new one.
 * Typed by what it uses, not by server/index.ts, which calls it (no import circle).
 */
interface Restartable {
  port: number;
  hub: Pick<LiveHub, 'announceRestore'>;
  close(): Promise<void>;
}

export function restoreInPlace<S extends Restartable, O extends object>(
  running: S,
  options: O,
  start: (options: O & { port: number }) => Promise<S>,
  logger: Logger,
): RestoreInPlace {
  return ({ plan, copy, started }) => {
    // After this request's answer is on its way (close() lets it finish).
    setImmediate(() => {
      void (async () => {
        running.hub.announceRestore({ name: started.name, createdAt: started.createdAt });
        await running.close();
        try {
          const { safetyBackup } = await restoreBackup(plan, copy);
          logger.info('restored from backup', { backup: started.name, safetyBackup });
        } catch (err) {
          // Refused at the last step (a WAL still in use): back on the store as it was.
          fs.rmSync(copy, { force: true });
          logger.error('restore failed; starting on the current store', { err });
        }
        Object.assign(running, await start({ ...options, port: running.port }));
      })().catch((err: unknown) => {
        // Neither store starts: the host (the desktop supervisor, a service manager) restarts us.
        logger.error('server could not start again after a restore', { err });
        process.exit(1);
      });
    });
  };
}
