import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/constants';
import type { Actor } from './auth';
import { badRequest, conflict, HttpError } from './errors';
import type { Answer, IdempotencyBook, Use } from './idempotency-memory';

export { IdempotencyStore } from './idempotency-memory';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const routeOf = (method: string, url: string) => `${method} ${url.split('?')[0]}`;

const bodyHashes = new WeakMap<IncomingMessage, string>();

/**
 * express.json's `verify`: the sha-256 of the raw body of a request that carries a key. Hashing
 * the bytes as they arrived costs ~1 ms for a 1.3 MB import, re-serialising the parsed body ~10 ms
 * of event loop that on-air writes wait for.
 */
export function fingerprintBody(req: IncomingMessage, _res: unknown, raw: Buffer): void {
  if (req.headers['idempotency-key'] !== undefined) bodyHashes.set(req, createHash('sha256').update(raw).digest('hex'));
}

/** Whose keys these are, and the rights a replay must still hold (a session's user, or an API key). */
export interface Caller {
  id: string;
  rights: string;
}

const sessionCaller = (req: Request): Caller | undefined => {
  const actor: Actor | undefined = req.actor;
  return actor && { id: String(actor.userId), rights: `${actor.companyId}:${actor.role}:${actor.roletype}` };
};

function useOf(req: Request, caller: Caller): Use {
  // The query as sent and the raw JSON body (none for a multipart upload, which is a stream).
  const query = req.originalUrl.slice(req.originalUrl.indexOf('?') + 1 || req.originalUrl.length);
  const body = createHash('sha256')
    .update(`${query}\n${bodyHashes.get(req) ?? ''}`)
    .digest('hex');
  return { route: routeOf(req.method, req.originalUrl), body, rights: caller.rights };
}

/** Why a repeat of `key` may not have the first answer, or null when it may. */
function mismatch(key: string, first: Use, now: Use): HttpError | null {
  const again = 'send a new key for each action';
  if (first.route !== now.route)
    return new HttpError(422, `Idempotency-Key "${key}" was already used for ${first.route}; ${again}`);
  if (first.body !== now.body)
    return new HttpError(422, `Idempotency-Key "${key}" was already used with a different request body; ${again}`);
  if (first.rights !== now.rights)
    return conflict(`Idempotency-Key "${key}" was first used with other rights (your role changed); ${again}`);
  return null;
}

/**
 * Idempotency-Key for every non-GET /api call of a signed-in caller (docs/design-rules.md §4 "User actions
 * run once"): a repeated key gets the first answer and causes no second effect; a duplicate that
 * arrives while the first is still running waits for it. 5xx answers are not kept, so a write
 * that failed may be tried again with the same key.
 *
 * Keys belong to the user who sent them, and a replay goes only to a repeat of the same request
 * (method, path, query, body) by the same user with the same company, role and roletype. Every
 * route decides access from exactly those (the session's actor), so the first request passed
 * through the route's own checks with the rights the repeat has now: a replay can never hand a
 * caller an answer the route would refuse them. Anyone else's request with the same key is a new
 * request and meets the route's checks itself.
 */
export function idempotency(
  book: IdempotencyBook,
  callerOf: (req: Request) => Caller | undefined = sessionCaller,
): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    const caller = callerOf(req);
    if (key === undefined || SAFE_METHODS.has(req.method) || !caller) {
      next();
      return;
    }
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 200 characters of letters, digits, "_", ".", ":" or "-"');
    }
    const scope = `${caller.id}:${key}`;
    const use = useOf(req, caller);
    for (;;) {
      const claim = await book.claim(scope, use);
      if (claim.kind === 'run') {
        captureAnswer(res, claim.settle);
        next();
        return;
      }
      const refusal = mismatch(key, claim.use, use);
      if (refusal) throw refusal;
      const answer = await claim.answer;
      if (answer) {
        replay(res, answer);
        return;
      }
      // The first attempt left nothing to replay (it failed with 5xx): look again, and the
      // first duplicate to find the key free runs the request while the others wait for it.
    }
  };
}

function replay(res: Response, answer: Answer): void {
  res.status(answer.status).setHeader('Idempotent-Replayed', 'true');
  res.type('application/json').send(answer.body);
}

/** Keeps the JSON answer as sent; anything else (5xx, a non-JSON reply, a dropped connection) is forgotten. */
function captureAnswer(res: Response, settle: (answer: Answer | null) => void): void {
  let settled = false;
  const once = (answer: Answer | null) => {
    if (settled) return;
    settled = true;
    settle(answer);
  };
  const json = res.json.bind(res);
  res.json = (body?: unknown) => {
    once(res.statusCode >= 500 ? null : { status: res.statusCode, body: JSON.stringify(body) ?? 'null' });
    return json(body);
  };
  res.once('finish', () => once(null));
  res.once('close', () => once(null));
}
