import type { ErrorRequestHandler } from 'express';
import type { ErrorBody } from '../../shared/contracts/common';
import type { Logger } from './logger';

/** An error that becomes a JSON response with its status (docs/design-rules.md §4). */
export class HttpError extends Error {
  /** Fields sent beside message/issues (a version conflict's current record, issue 26). */
  extra?: Record<string, unknown>;

  constructor(
    readonly status: number,
    message: string,
    readonly issues?: ErrorBody['issues'],
    /** Sent as Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ErrorBody['issues']) => new HttpError(400, message, issues);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds);

/**
 * What a unique index means to the person who hit it — the same words the services use when they
 * find the duplicate first. Two requests can both pass that check (it spans an await, e.g. a
 * password hash); the index then refuses the second, and it must read as the same 409.
 */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_username_unique: 'Username already exists',
  'users.username': 'Username already exists',
  cg_files_company_type_unique: 'This CG type already has a file; reload and try again',
  'outputs.company_id': 'An output with this name already exists',
};

function uniqueViolation(err: unknown): HttpError | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || e.code !== 'SQLITE_CONSTRAINT_UNIQUE' || typeof e.message !== 'string') return null;
  const target = /UNIQUE constraint failed: (?:index '([^']+)'|([\w.]+))/.exec(e.message);
  const name = target?.[1] ?? target?.[2] ?? '';
  return conflict(UNIQUE_MESSAGES[name] ?? 'This already exists; reload and try again');
}

/** body-parser and friends mark client faults with a 4xx `status` and a `type`. */
interface ParserError {
  status?: number;
  statusCode?: number;
  type?: string;
}

function clientFault(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  const duplicate = uniqueViolation(err);
  if (duplicate) return duplicate;
  const e = (err ?? {}) as ParserError;
  const status = e.status ?? e.statusCode;
  if (e.type === 'entity.parse.failed') return badRequest('Malformed JSON body');
  if (e.type === 'entity.too.large') return new HttpError(413, 'Request body is too large');
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new HttpError(415, 'Unsupported body encoding');
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, 'Bad request');
  }
  return null;
}

export const STORE_UNREACHABLE =
  'The database does not answer: nothing was saved. Try again in a moment (if the main PC is lost, the backup can take over).';

/** Node's socket errors and SQLSTATEs that mean "no database to talk to" (class 08, shutdowns). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * PostgreSQL is gone (issue 43: a main lost, a restart): the request is answered 503 with what
 * happened, not a 500. drizzle wraps the driver's error as the `cause` of its own.
 */
export function storeUnreachable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (/^Connection terminated|^Client has encountered a connection error/.test(e.message)) return true;
  }
  return false;
}

/** Last middleware: every error leaves as JSON; stack traces only go to the log. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const known = clientFault(err);
    if (known) {
      const body: ErrorBody = { message: known.message };
      if (known.issues) body.issues = known.issues;
      if (known.extra) Object.assign(body, known.extra);
      if (known.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(known.retryAfterSeconds));
      res.status(known.status).json(body);
      return;
    }
    if (storeUnreachable(err)) {
      logger.warn('the store did not answer', { method: req.method, path: req.path });
      res.setHeader('Retry-After', '2');
      res.status(503).json({ message: STORE_UNREACHABLE });
      return;
    }
    logger.error('unhandled error', { method: req.method, path: req.path, err });
    res.status(500).json({ message: 'Internal server error' });
  };
}
