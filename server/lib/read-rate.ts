import type { Request, RequestHandler } from 'express';
import { tooManyRequests } from './errors';

export interface ReadRateOptions {
  /** Tokens a session may spend at once (a page load spends ~10–20). */
  burst: number;
  /** Tokens returned per second. */
  perSecond: number;
  /** What one request costs (a 2 MB list costs more than a 1 kB row). */
  cost(req: Request): number;
  now?: () => number;
  /** Whose bucket a request spends from (default: the session, else the IP). */
  who?: (req: Request) => string;
  /** The 429's message. */
  message?: string;
}

/** Longest a refused read is held before its 429 is sent. */
const MAX_HOLD_MS = 1000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per session (per IP without one) for reads. A signed-in user who loops the
 * heaviest reads back to back would otherwise keep the one event loop busy, and every on-air
 * write would wait behind the queue (issue 9 §5: 8 such loops took a CG write from 12 to 60 ms
 * p99 even with cached answers). Real time, not the app clock: it measures load, not business time.
 */
export function limitReadRate(options: ReadRateOptions): RequestHandler {
  const buckets = new Map<string, Bucket>();
  const now = options.now ?? (() => performance.now());
  let swept = now();
  return (req, _res, next) => {
    const t = now();
    if (t - swept > 60_000) {
      sweep(buckets, t, options);
      swept = t;
    }
    const who = options.who?.(req) ?? req.actor?.tokenHash ?? `ip:${req.ip ?? ''}`;
    const bucket = refill(buckets.get(who) ?? { tokens: options.burst, at: t }, t, options);
    const cost = options.cost(req);
    if (bucket.tokens < cost) {
      buckets.set(who, bucket);
      const waitMs = ((cost - bucket.tokens) / options.perSecond) * 1000;
      const error = tooManyRequests(
        options.message ?? 'Too many requests from this session; slow down and try again in a moment',
        Math.max(1, Math.ceil(waitMs / 1000)),
      );
      // The refusal arrives when a token would have: a client that loops without reading
      // Retry-After is slowed to the rate, instead of keeping the event loop busy with 429s.
      setTimeout(() => next(error), Math.min(waitMs, MAX_HOLD_MS));
      return;
    }
    bucket.tokens -= cost;
    buckets.set(who, bucket);
    next();
  };
}

function refill(bucket: Bucket, t: number, o: ReadRateOptions): Bucket {
  return { tokens: Math.min(o.burst, bucket.tokens + ((t - bucket.at) / 1000) * o.perSecond), at: t };
}

/** Full buckets carry no information: drop them so the map holds only recent callers. */
function sweep(buckets: Map<string, Bucket>, t: number, o: ReadRateOptions): void {
  for (const [who, bucket] of buckets) if (refill(bucket, t, o).tokens >= o.burst) buckets.delete(who);
}
