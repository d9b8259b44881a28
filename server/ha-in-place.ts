import type { LiveHub } from './live/hub';
import type { Logger } from './lib/logger';

/** A server stuck closing on a main that is gone (a query waiting on a dead PC) is left behind after this. */
const CLOSE_WAIT_MS = 8_000;

interface Restartable {
  port: number;
  hub: Pick<LiveHub, 'disconnectAll'>;
  close(): Promise<void>;
}

/**
 * The server follows the main of its pair (issue 43): after a takeover here, or when the monitor
 * sees the other node has become the main, it closes as on shutdown and starts again on the same
 * port; the start picks the main (modules/ha/ha-resolve.ts), sends every output the current state
 * once, and the clients' live sockets (closed with 1012) reconnect and read everything again.
 * Typed by what it uses, not by server/index.ts, which calls it (no import circle).
 */
export function followMainInPlace<S extends Restartable, O extends object>(
  running: S,
  options: O,
  start: (options: O & { port: number }) => Promise<S>,
  logger: Logger,
): (why: string) => void {
  return (why) => {
    // After the request that asked for it has its answer (close() lets it finish).
    setImmediate(() => {
      void (async () => {
        logger.warn('restarting onto the new main', { why });
        running.hub.disconnectAll('The backup is taking over');
        // Closing writes its last rows (the as-run log's) to a main that is gone: they fail, and are said.
        const closed = running
          .close()
          .catch((err: unknown) => logger.warn('closing on the lost main left work unwritten', { err: String(err) }));
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
        Object.assign(running, await start({ ...options, port: running.port }));
      })().catch((err: unknown) => {
        // No main to start on: the host (the desktop supervisor, a service manager) restarts us.
        logger.error('server could not start again on the new main', { err: String(err) });
        process.exit(1);
      });
    });
  };
}
