import type { NextFunction, Request, Response } from 'express';

/**
 * Issue 39 point 7: HTML templates (SPX, CasparCG's HTML producer, a browser source) are served
 * from another origin than CG Bridge and read the texts with an API key. GET /api/cg-files/sync —
 * read-only, API key — is the one route open to other origins:
 *
 * - `Access-Control-Allow-Origin: *` and never `Allow-Credentials`: a browser sends no cookie or
 *   session with it, and only `X-API-Key` may be set (the preflight says so), so an
 *   `Authorization: Bearer` session can never be used from another origin.
 * - A read that carries a session (`Authorization`, the app's own screens) gets no CORS headers.
 * - `Cross-Origin-Resource-Policy: cross-origin` replaces helmet's same-origin on this answer only.
 * - OPTIONS (the preflight of a read with the X-API-Key header) is answered 204 here, before any
 *   sign-in check. Every other route keeps the same-origin policy.
 */
export function syncCrossOrigin(req: Request, res: Response, next: NextFunction): void {
  // Mounted at /sync: only the route itself (a sub-path is no route of ours).
  if (req.path !== '/' || req.get('authorization')) return next();
  res.set('Access-Control-Allow-Origin', '*');
  res.set('Cross-Origin-Resource-Policy', 'cross-origin');
  if (req.method === 'OPTIONS') {
    res.set('Access-Control-Allow-Methods', 'GET');
    res.set('Access-Control-Allow-Headers', 'X-API-Key');
    res.set('Access-Control-Max-Age', '600');
    res.status(204).end();
    return;
  }
  next();
}
