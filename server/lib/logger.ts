import type { LogLevel } from '../config';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, extra?: Record<string, unknown>): void;
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

function render(extra?: Record<string, unknown>): string {
  if (!extra) return '';
  const safe = Object.fromEntries(
    Object.entries(extra).map(([k, v]) => [k, v instanceof Error ? (v.stack ?? v.message) : v]),
  );
  return ' ' + JSON.stringify(safe);
}

/** One-line structured log to stderr; level filters at the source. */
export function createLogger(level: LogLevel): Logger {
  const at = ORDER[level];
  const write = (l: LogLevel, msg: string, extra?: Record<string, unknown>) => {
    if (ORDER[l] < at) return;
    process.stderr.write(`${new Date().toISOString()} ${l.toUpperCase()} ${msg}${render(extra)}\n`);
  };
  return {
    debug: (m, e) => write('debug', m, e),
    info: (m, e) => write('info', m, e),
    warn: (m, e) => write('warn', m, e),
    error: (m, e) => write('error', m, e),
  };
}
