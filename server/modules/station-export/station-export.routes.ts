import { Router } from 'express';
import { actorOf } from '../../lib/auth';
import type { StationExportService } from './station-export.service';

/**
 * /api/station-export (issue 41, docs/station-export.md) — the session's own station as a tar of
 * JSON lines per table, CG texts and a manifest. Owners of any station and roletype dev only.
 */
export function stationExportRouter(exports: StationExportService): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const actor = actorOf(req);
    // A download the browser gave up on stops reading the store and removes its spool files.
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort(new Error('The client closed the export download'));
    });
    const prepared = await exports.prepare(actor, gone.signal);
    res.setHeader('Content-Type', 'application/x-tar');
    res.setHeader('Content-Disposition', `attachment; filename="${prepared.fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Station-Export-Format', `${prepared.manifest.format}/${prepared.manifest.formatVersion}`);
    try {
      await prepared.send(res, gone.signal);
    } catch (error) {
      // Headers are out: a failure can only cut the download short (the client sees it incomplete).
      if (!gone.signal.aborted) req.socket.destroy(error instanceof Error ? error : undefined);
    }
  });
  return router;
}
