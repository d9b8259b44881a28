import type { ErrorRequestHandler } from 'express';
import type { ErrorBody } from '../../shared/contracts/common';
import type { Logger } from './logger';

/** An error that becomes a JSON response with its status (DESIGN.md §4). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: ErrorBody['issues'],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ErrorBody['issues']) => new HttpError(400, message, issues);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** body-parser and friends mark client faults with a 4xx `status` and a `type`. */
interface ParserError {
  status?: number;
  statusCode?: number;
  type?: string;
}

function clientFault(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
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
      res.status(known.status).json(body);
      return;
    }
    logger.error('unhandled error', { method: req.method, path: req.path, err });
    res.status(500).json({ message: 'Internal server error' });
  };
}
