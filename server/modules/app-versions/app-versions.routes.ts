import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { appVersionCompanyParamSchema, saveAppVersionSchema } from '../../../shared/contracts/app-versions';
import { APP_VERSION_MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { positiveId } from '../../../shared/contracts/common';
import { actorOf } from '../../lib/auth';
import { HttpError, notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { AppVersionFileRow } from '../../db/schema';
import { MULTIPART_OVERHEAD_BYTES, receiveUpload, TOO_LARGE_MESSAGE, UploadAborted } from './app-version-upload';
import type { AppVersionsService } from './app-versions.service';

// Decimal digits only, as every id in a path (issue 37 point 11): "1e0" is no spelling of company 1.
const feedParamsSchema = z.object({ companyId: positiveId('companyId'), key: z.string().regex(/^[0-9a-f]{48}$/) });

/**
 * An answer sent before the body was read: the connection is closed once the answer is out,
 * so the sender stops instead of pushing the rest of up to 500 MB into a socket nobody reads.
 */
function closeAfterAnswer(req: Request, res: Response): void {
  if (req.complete) return;
  res.setHeader('Connection', 'close');
  res.once('finish', () => req.socket.destroy());
}

/** /api/app-version, /api/app-versions (docs/product.md §API). */
export function appVersionsRouter(versions: AppVersionsService): Router {
  const router = Router();
  router.get('/app-versions/all', async (_req, res) => {
    res.json(await versions.listAll());
  });
  router.get('/app-version', async (req, res) => {
    res.json(await versions.current(actorOf(req)));
  });
  router.post('/app-version', async (req, res) => {
    res.status(201).json(await versions.create(actorOf(req), parse(saveAppVersionSchema, req.body)));
  });
  router.put('/app-version', async (req, res) => {
    res.json(await versions.update(actorOf(req), parse(saveAppVersionSchema, req.body)));
  });
  router.delete('/app-version/:companyId', async (req, res) => {
    await versions.remove(actorOf(req), parse(appVersionCompanyParamSchema, req.params).companyId);
    res.json({ success: true });
  });
  router.post('/app-version/upload', uploadHandler(versions));
  router.post('/app-version/files/:fileId/ticket', async (req, res) => {
    res.json({ url: await versions.ticketUrl(actorOf(req), String(req.params.fileId)) });
  });
  router.get('/app-version/files/:fileId', async (req, res, next) => {
    const fileId = String(req.params.fileId);
    const ticket = typeof req.query.ticket === 'string' ? req.query.ticket : null;
    const row =
      ticket !== null ? await versions.fileByTicket(fileId, ticket) : await versions.fileFor(actorOf(req), fileId);
    sendFile(res, await versions.copies.localPath(row), row, next);
  });
  feedRoutes(router, versions);
  return router;
}

/**
 * The station's electron-updater feed (no session: the key in the path is the credential).
 * `latest.yml` and the installer it names; Range requests work as for every download.
 */
function feedRoutes(router: Router, versions: AppVersionsService): void {
  // A malformed key is as unknown as a wrong one: 404, no hint about the key's shape.
  const feedParams = (req: Request) => {
    const parsed = feedParamsSchema.safeParse(req.params);
    if (!parsed.success) throw notFound('Update feed');
    return parsed.data;
  };
  router.get('/app-versions/feed/:companyId/:key/latest.yml', async (req, res) => {
    const { companyId, key } = feedParams(req);
    const text = await versions.feeds.latestYml(companyId, key);
    res.set('Cache-Control', 'no-store').type('text/yaml; charset=utf-8').send(text);
  });
  router.get('/app-versions/feed/:companyId/:key/:fileId/:name', async (req, res, next) => {
    const { companyId, key } = feedParams(req);
    const row = await versions.feeds.installer(companyId, key, String(req.params.fileId), String(req.params.name));
    sendFile(res, await versions.copies.localPath(row), row, next);
  });
}

function uploadHandler(versions: AppVersionsService): RequestHandler {
  return async (req, res) => {
    const actor = actorOf(req);
    const declared = Number(req.headers['content-length']);
    // Refused at once from the header: not one byte of a too-large body is read.
    if (declared > APP_VERSION_MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
      closeAfterAnswer(req, res);
      throw new HttpError(413, TOO_LARGE_MESSAGE);
    }
    try {
      const received = await receiveUpload(req, versions.storage.dir, {
        hash: (file) => versions.heavy.task('file.hash', file, [], { station: actor.companyId }),
        onAir: versions.onAir,
      });
      res.status(201).json(await versions.registerUpload(actor, received));
    } catch (err) {
      // Nobody is left to answer; the part file is already gone.
      if (err instanceof UploadAborted) return;
      closeAfterAnswer(req, res);
      throw err;
    }
  };
}

/**
 * Range requests (206/416), Accept-Ranges and the original name come from Express's send; `file`
 * is on this server's disk (fetched from a shared store first if need be: installer-copies.ts).
 */
function sendFile(res: Response, file: string, row: AppVersionFileRow, next: (err?: unknown) => void): void {
  res.download(
    file,
    row.originalName,
    { dotfiles: 'allow', headers: { 'Cache-Control': 'private, no-store' } },
    (err?: Error) => {
      if (!err) return;
      if (res.headersSent) return;
      const status = (err as { status?: number }).status;
      // A 416 from send is the client's range; a missing file on disk is our 404.
      next(status === 416 ? new HttpError(416, 'Requested range not satisfiable') : notFound('File'));
    },
  );
}
