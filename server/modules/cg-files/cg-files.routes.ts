import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  createCgFileSchema,
  createCgFromNewsSchema,
  deleteCgFileQuerySchema,
  emergencyOverrideSchema,
  endEmergencySchema,
  updateCgFileSchema,
  updateDirectSchema,
} from '../../../shared/contracts/cg-files';
import { idParamSchema } from '../../../shared/contracts/common';
import { actorOf } from '../../lib/auth';
import { unauthorized } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { onAirChange, type ResponseCache } from '../../lib/response-cache';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import type { NewsService } from '../news/news.service';
import { writerOf } from '../as-run/air-source';
import { cgChangesFromNews, type CgChange } from './cg-changes';
import type { CgFilesService, Writer } from './cg-files.service';
import type { CgNextService, SendResult } from './cg-next.service';
import { CgEmergency } from './cg-emergency';
import { airWaitOf, withAirAnswer } from '../outputs/air-receipt';
import { CgFileCentre, type FileCentreResult } from './cg-file-centre';
import { syncCrossOrigin } from './cg-sync-cors';

/** A send's answer: as today when it aired; `staged: true` with Next when take mode staged it. */
const answerOf = (result: SendResult) =>
  result.staged
    ? { success: true, staged: true, files: [], next: result.next }
    : { success: true, files: result.files };

/** A file centre answer: the file as before; `staged: true` with NEXT when take mode staged its text. */
const fileAnswerOf = ({ file, staged }: FileCentreResult) => (staged ? { ...file, staged: true, next: staged } : file);

const idOf = (req: Request) => parse(idParamSchema, req.params).id;
/** The caller as a CG writer (as-run source from the page); a prompter cue is marked so take mode lets it through. */
const cueWriterOf = (req: Request, sentFrom: 'prompter' | undefined): Writer =>
  sentFrom ? { ...writerOf(req), source: sentFrom } : writerOf(req);
const syncQuerySchema = z.object({ apiKey: z.string().max(200).optional() });

/** /api/cg-files — docs/product.md §API CG files table, plus emergency (one operation) and sync (API key). */
export function cgFilesRouter(
  cg: CgFilesService,
  next: CgNextService,
  keys: ApiKeysService,
  cache: ResponseCache,
): Router {
  const router = Router();

  // Sync is the one CG read that also accepts an API key (?apiKey= or X-API-Key) instead of a session,
  // and the one route an HTML template on another origin may read with it (issue 39, cg-sync-cors.ts).
  router.use('/sync', syncCrossOrigin);
  router.get('/sync', async (req, res) => {
    const key = parse(syncQuerySchema, req.query).apiKey ?? req.get('x-api-key');
    const companyId = req.actor?.companyId ?? (key ? (await keys.verify(key, 'cg_files'))?.companyId : undefined);
    if (!companyId) throw unauthorized('A valid API key with the cg_files permission is required');
    const files = await cg.list({ companyId, userId: 0 });
    const updatedAt = files.reduce<string | null>((max, f) => (max && max > f.updatedAt ? max : f.updatedAt), null);
    res.json({ companyId, updatedAt, files: Object.fromEntries(files.map((f) => [f.type, f.content])) });
  });

  // Every screen polls this list (the crawler alone can be 250 kB): built once per CG change, and
  // after a settings change (a CG folder move changes every file's outputPath, issue 39).
  router.get('/', async (req, res) => {
    const actor = actorOf(req);
    await cache.send(
      req,
      res,
      actor.companyId,
      'cg-files',
      () => cg.list(actor),
      (type) => onAirChange(type) || type === 'settings_updated',
    );
  });
  router.post('/update-direct', async (req, res) => {
    const input = parse(updateDirectSchema, req.body);
    const changes: CgChange[] = [{ type: input.type, content: input.content }];
    if (input.subheadline !== undefined)
      changes.push({ type: 'subheadline', content: input.subheadline, field: 'subheadline' });
    // Take mode stages it in Next (issue 25); the emergency override below never waits for a Take.
    // Aired: the answer names each output's result (issue 38); the prompter's cue never waits for them.
    const waitMs = input.sentFrom ? 0 : airWaitOf(req);
    const [result, air] = await withAirAnswer(cg.changes, cueWriterOf(req, input.sentFrom), waitMs, (writer) =>
      next.send(writer, changes),
    );
    res.json({ ...answerOf(result), ...(air && { air }) });
  });
  // The emergency and its end never wait in NEXT (issue 25); the end may put back the lower third (issue 38).
  const emergency = new CgEmergency(cg.ctx, cg);
  router.get('/emergency', async (req, res) => {
    res.json(await emergency.state(writerOf(req)));
  });
  router.post('/emergency', async (req, res) => {
    res.json({
      success: true,
      files: await emergency.override(writerOf(req), parse(emergencyOverrideSchema, req.body)),
    });
  });
  router.post('/emergency/end', async (req, res) => {
    res.json({ success: true, ...(await emergency.end(writerOf(req), parse(endEmergencySchema, req.body ?? {}))) });
  });
  router.post('/initialize', async (req, res) => {
    res.json(await cg.initialize(actorOf(req)));
  });
  // The file centre: its text goes through NEXT in take mode, or is refused (cg-file-centre.ts).
  const centre = new CgFileCentre(cg, next);
  router.post('/', async (req, res) => {
    const input = parse(createCgFileSchema, req.body);
    const result = await centre.write(
      writerOf(req),
      { ...input, fileName: input.fileName ?? `${input.type}.txt` },
      'cg_file_created',
    );
    res.status(result.existed || result.staged ? 200 : 201).json(fileAnswerOf(result));
  });
  router.put('/:id', async (req, res) => {
    const current = await cg.get(actorOf(req), idOf(req));
    const input = parse(updateCgFileSchema, req.body);
    res.json(fileAnswerOf(await centre.write(writerOf(req), { ...input, type: current.type }, 'cg_file_updated')));
  });
  router.delete('/:id', async (req, res) => {
    const { staged } = await centre.remove(writerOf(req), idOf(req), parse(deleteCgFileQuerySchema, req.query));
    res.json(staged ? { success: true, staged: true, next: staged } : { success: true });
  });
  router.get('/:id/download', async (req, res) => {
    const file = await cg.get(actorOf(req), idOf(req));
    res.attachment(file.fileName ?? `${file.type}.txt`);
    res.type('text/plain; charset=utf-8').send(file.content);
  });
  return router;
}

/** POST /api/news/:id/create-cg — puts an article's text on a CG type. */
export function cgFromNewsRouter(next: CgNextService, news: NewsService): Router {
  const router = Router();
  router.post('/:id/create-cg', async (req, res) => {
    const article = await news.get(actorOf(req), idOf(req));
    const input = parse(createCgFromNewsSchema, req.body);
    // One operation: a title on the headline brings its subtitle (or nothing) to the subheadline.
    const result = await next.send(cueWriterOf(req, input.sentFrom), cgChangesFromNews(article, input));
    res.json(result.staged ? answerOf(result) : { success: true, file: result.files[0], files: result.files });
  });
  return router;
}
