import type { LiveHub } from './live/hub';
import type { Logger } from './lib/logger';
import { moveToPostgres } from './db/move/move-to-postgres';
import { maskedUrl, scrubbed } from './modules/store-move/masked-url';
import type { MoveInPlace, MoveRequest } from './modules/store-move/store-move.service';
import { writeStoreLocation } from './modules/store-move/store-location';

/**
 * A move to PostgreSQL from Settings (issue 42): `npm run db:move` with the server doing its own
 * stop and start, as a restore from the Backups page does (restore-in-place.ts). Every client is
 * told, the server closes as on shutdown (requests in flight answer and commit, the store is
 * closed, so the copy holds every acknowledged write), the move copies and checks every table,
 * and the server starts again on the same port: on PostgreSQL when the move succeeded (recorded in
 * data/store-location.json), else on the SQLite file, unchanged, with the failure recorded for
 * Settings to show. Typed by what it uses, not by server/index.ts, which calls it (no import circle).
 */
interface Restartable {
  port: number;
  hub: Pick<LiveHub, 'announceStoreMove'>;
  close(): Promise<void>;
}

/** The reason in a sentence, password scrubbed: a failed query's own error (its cause), not the SQL it ran. */
function message(err: unknown, url: string): string {
  const reason = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return scrubbed(reason instanceof Error ? reason.message : String(reason), url);
}

/** Copies the store; records the outcome. True when the server should now start on PostgreSQL. */
async function move(request: MoveRequest, logger: Logger): Promise<boolean> {
  const shown = maskedUrl(request.to);
  try {
    const { tables, ms } = await moveToPostgres({
      dataDir: request.dataDir,
      migrationsDir: request.migrationsDir,
      to: request.to,
      say: (line) => logger.info(`store move: ${line}`),
    });
    const rows = tables.reduce((n, t) => n + t.rows, 0);
    const done = `Moved ${rows} rows in ${tables.length} tables to ${shown} in ${(ms / 1000).toFixed(1)} s; the SQLite file is unchanged.`;
    writeStoreLocation(request.dataDir, {
      databaseUrl: request.to,
      lastMove: { at: new Date().toISOString(), ok: true, message: done },
    });
    logger.info('store moved to PostgreSQL', { to: shown, rows, ms });
    return true;
  } catch (err) {
    const failed = `The move to ${shown} failed, nothing was changed and CG Bridge runs on SQLite as before: ${message(err, request.to)}`;
    writeStoreLocation(request.dataDir, {
      databaseUrl: null,
      lastMove: { at: new Date().toISOString(), ok: false, message: failed },
    });
    logger.error('store move failed; starting on SQLite', { to: shown, message: message(err, request.to) });
    return false;
  }
}

export function moveInPlace<S extends Restartable, O extends object>(
  running: S,
  options: O,
  start: (options: O & { port: number }) => Promise<S>,
  logger: Logger,
): MoveInPlace {
  return (request) => {
    // After this request's answer is on its way (close() lets it finish).
    setImmediate(() => {
      void (async () => {
        running.hub.announceStoreMove({ to: maskedUrl(request.to) });
        await running.close();
        const moved = await move(request, logger);
        try {
          Object.assign(running, await start({ ...options, port: running.port }));
        } catch (err) {
          if (!moved) throw err;
          // Copied, but the server cannot start on it (PostgreSQL went away since): back on SQLite,
          // which holds every write, rather than a server that does not start at all.
          const why = message(err, request.to);
          writeStoreLocation(request.dataDir, {
            databaseUrl: null,
            lastMove: {
              at: new Date().toISOString(),
              ok: false,
              message: `The station was copied to ${maskedUrl(request.to)}, but CG Bridge could not start on it (${why}), so it runs on SQLite as before. Empty that database before moving again.`,
            },
          });
          logger.error('could not start on PostgreSQL after the move; starting on SQLite', { message: why });
          Object.assign(running, await start({ ...options, port: running.port }));
        }
      })().catch((err: unknown) => {
        // Neither store starts: the host (the desktop supervisor, a service manager) restarts us.
        logger.error('server could not start again after a store move', { message: message(err, request.to) });
        process.exit(1);
      });
    });
  };
}
