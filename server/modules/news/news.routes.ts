import { Router, type Request, type RequestHandler } from 'express';
import { idParamSchema } from '../../../shared/contracts/common';
import { createNewsSchema, newsListQuerySchema, updateNewsSchema } from '../../../shared/contracts/news';
import { actorOf } from '../../lib/auth';
import { limitConcurrentReads } from '../../lib/read-limiter';
import type { ResponseCache } from '../../lib/response-cache';
import { parse } from '../../lib/validate';
import type { RecycleBinService } from '../recycle-bin/recycle-bin.service';
import type { NewsService } from './news.service';

const idOf = (req: Request) => parse(idParamSchema, req.params).id;

/** /api/news — the spec's table (000 §7), recycle bin included. */
export function newsRouter(news: NewsService, bin: RecycleBinService, cache: ResponseCache): Router {
  const router = Router();
  const limitUnpaged = unpagedOnly(limitConcurrentReads(2));

  router.get('/', limitUnpaged, async (req, res) => {
    const query = parse(newsListQuerySchema, req.query);
    const actor = actorOf(req);
    // Lists are built once per change of the company's news (the unpaged one is ~2.5 MB, built a
    // slice at a time), so a user who reloads in a loop costs a lookup and a socket write.
    const { status, page, limit } = query;
    if (page)
      await cache.send(req, res, actor.companyId, `news:${status ?? 'all'}:${page}:${limit}`, () =>
        news.page(actor, { status, page, limit }),
      );
    else await cache.sendList(req, res, actor.companyId, `news:${status ?? 'all'}`, news.listInSlices(actor, status));
  });

  // Static paths before /:id so "recycle-bin" is never read as an id.
  router.get('/recycle-bin', async (req, res) => {
    res.json(await bin.list(actorOf(req)));
  });
  router.post('/cleanup', async (req, res) => {
    res.json({ deletedCount: await bin.cleanup(actorOf(req)) });
  });

  // Issue 39: whether a second person approves (every signed-in user: the page hides Approve).
  router.get('/approval-rule', async (req, res) => {
    res.json(await news.approvalRule(actorOf(req)));
  });

  router.get('/:id', async (req, res) => {
    res.json(await news.get(actorOf(req), idOf(req)));
  });
  router.post('/', async (req, res) => {
    res.status(201).json(await news.create(actorOf(req), parse(createNewsSchema, req.body)));
  });
  router.put('/:id', async (req, res) => {
    res.json(await news.update(actorOf(req), idOf(req), parse(updateNewsSchema, req.body)));
  });
  router.post('/:id/submit', async (req, res) => {
    res.json(await news.submit(actorOf(req), idOf(req)));
  });
  router.post('/:id/approve', async (req, res) => {
    res.json(await news.approve(actorOf(req), idOf(req)));
  });
  router.post('/:id/publish', async (req, res) => {
    res.json(await news.publish(actorOf(req), idOf(req)));
  });
  router.delete('/:id', async (req, res) => {
    await news.remove(actorOf(req), idOf(req));
    res.json({ success: true });
  });
  router.post('/:id/restore', async (req, res) => {
    res.json(await bin.restore(actorOf(req), idOf(req)));
  });
  router.delete('/:id/permanent', async (req, res) => {
    await bin.deleteForever(actorOf(req), idOf(req));
    res.json({ success: true });
  });

  return router;
}

/** Paged reads are small; only the unpaged list counts as a large read. */
function unpagedOnly(limit: RequestHandler): RequestHandler {
  return (req, res, next) => (req.query.page === undefined ? limit(req, res, next) : next());
}
