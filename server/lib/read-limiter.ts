import type { RequestHandler } from 'express';
import { tooManyRequests } from './errors';

/**
 * At most `max` large reads in flight per session (per IP without one). A read is in flight until
 * its response is fully handed over or the connection closes, so a client that asks again and
 * again without reading cannot pile up megabytes of answers in the server (issue 9 §5).
 */
export function limitConcurrentReads(max: number): RequestHandler {
  const inFlight = new Map<string, number>();
  return (req, res, next) => {
    const who = req.actor?.tokenHash ?? `ip:${req.ip ?? ''}`;
    const now = inFlight.get(who) ?? 0;
    if (now >= max) throw tooManyRequests(`At most ${max} large reads at a time per session; try again in a second`, 1);
    inFlight.set(who, now + 1);
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      const left = (inFlight.get(who) ?? 1) - 1;
      if (left > 0) inFlight.set(who, left);
      else inFlight.delete(who);
    };
    res.once('finish', release);
    res.once('close', release);
    next();
  };
}
