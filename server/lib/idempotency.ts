import type { RequestHandler, Response } from 'express';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MAX_BYTES, IDEMPOTENCY_MAX_KEYS, IDEMPOTENCY_TTL_MS } from '../../shared/constants';
import type { Clock } from './clock';
import { badRequest, HttpError } from './errors';

interface Answer {
  status: number;
  body: string;
}

interface Entry {
  route: string;
  expiresAt: number;
  /** Settles with the first answer, or null when there is nothing to replay (5xx, no JSON). */
  answer: Promise<Answer | null>;
  bytes: number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Remembered answers per (company, Idempotency-Key). In memory on purpose: no client of ours
 * retries on its own, so the only retries are a double click, a proxy replay or a user repeating
 * an action in the same minutes — all of which hit the same process. A restart inside the
 * window is the one gap, and a restart also drops every in-flight request.
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = IDEMPOTENCY_TTL_MS,
    private readonly maxKeys = IDEMPOTENCY_MAX_KEYS,
    private readonly maxBytes = IDEMPOTENCY_MAX_BYTES,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  lookup(scope: string): Entry | undefined {
    this.expire();
    return this.entries.get(scope);
  }

  /** Starts an entry whose answer arrives later; `settle` stores or forgets it. */
  begin(scope: string, route: string): { entry: Entry; settle: (answer: Answer | null) => void } {
    let resolve!: (a: Answer | null) => void;
    const entry: Entry = { route, expiresAt: this.clock.now().getTime() + this.ttlMs, answer: new Promise((r) => (resolve = r)), bytes: 0 };
    this.entries.set(scope, entry);
    this.evictOverflow();
    const settle = (answer: Answer | null) => {
      if (answer && this.entries.get(scope) === entry) {
        entry.bytes = answer.body.length;
        this.bytes += entry.bytes;
        this.evictOverflow();
      } else if (!answer) this.forget(scope, entry);
      resolve(answer);
    };
    return { entry, settle };
  }

  private forget(scope: string, entry: Entry): void {
    if (this.entries.get(scope) !== entry) return;
    this.entries.delete(scope);
    this.bytes -= entry.bytes;
  }

  /** Map order is insertion order and the TTL is fixed, so expired entries are always the oldest. */
  private expire(): void {
    const now = this.clock.now().getTime();
    for (const [scope, entry] of this.entries) {
      if (entry.expiresAt > now) break;
      this.forget(scope, entry);
    }
  }

  private evictOverflow(): void {
    for (const [scope, entry] of this.entries) {
      if (this.entries.size <= this.maxKeys && this.bytes <= this.maxBytes) break;
      this.forget(scope, entry);
    }
  }
}

const routeOf = (method: string, url: string) => `${method} ${url.split('?')[0]}`;

/**
 * Idempotency-Key for every non-GET /api call of a signed-in caller (DESIGN.md §4 "User actions
 * run once"): a repeated key gets the first answer and causes no second effect; a duplicate that
 * arrives while the first is still running waits for it. 5xx answers are not kept, so a write
 * that failed may be tried again with the same key.
 */
export function idempotency(store: IdempotencyStore): RequestHandler {
  return async (req, res, next) => {
    const key = req.get('idempotency-key');
    if (key === undefined || SAFE_METHODS.has(req.method) || !req.actor) {
      next();
      return;
    }
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 200 characters of letters, digits, "_", ".", ":" or "-"');
    }
    const scope = `${req.actor.companyId}:${key}`;
    const route = routeOf(req.method, req.originalUrl);
    for (;;) {
      const seen = store.lookup(scope);
      if (!seen) break;
      if (seen.route !== route) {
        throw new HttpError(422, `Idempotency-Key "${key}" was already used for ${seen.route}; send a new key for each action`);
      }
      const answer = await seen.answer;
      if (answer) {
        replay(res, answer);
        return;
      }
      // The first attempt left nothing to replay (it failed with 5xx): look again, and the
      // first duplicate to find the key free runs the request while the others wait for it.
    }
    const { settle } = store.begin(scope, route);
    captureAnswer(res, settle);
    next();
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
