import path from 'node:path';
import type { RequestHandler } from 'express';
import { isInside, realPathOf } from './real-path';

/**
 * Never serve a CG folder from the web root (issue 22 point 5): on-air texts (and a station's
 * cg.json) would be readable without login at /headline.txt. Settings refuses such a folder now;
 * this covers a path stored before that check (or reached through a symlink in the web folder).
 * Compared by real path. A blocked request skips the static files and falls through to the UI's
 * index.html, like any unknown path.
 */
export function skipCgFolders(
  serveStatic: RequestHandler,
  webDir: string,
  cgFolders: () => Promise<string[]>,
): RequestHandler {
  // Express 5: a rejection (the folders could not be read) goes to the error handler.
  return async (req, res, next) => {
    let wanted: string;
    try {
      wanted = realPathOf(path.join(webDir, decodeURIComponent(req.path)));
    } catch {
      next(); // a malformed %-escape: nothing static to serve
      return;
    }
    const blocked = (await cgFolders()).some((folder) => {
      const real = realPathOf(folder);
      return wanted === real || isInside(wanted, real);
    });
    if (blocked) next();
    else void serveStatic(req, res, next);
  };
}
