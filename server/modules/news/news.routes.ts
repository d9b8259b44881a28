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
      cache.send(req, res, actor.companyId, `news:${status ?? 'all'}:${page}:${limit}`, () =>
        news.page(actor, { status, page, limit }),
      );
    else await cache.sendList(req, res, actor.companyId, `news:${status ?? 'all'}`, news.listInSlices(actor, status));
  });

  // Static paths before /:id so "recycle-bin" is never read as an id.
  router.get('/recycle-bin', (req, res) => {
    res.json(bin.list(actorOf(req)));
  });
  router.post('/cleanup', (req, res) => {
    res.json({ deletedCount: bin.cleanup(actorOf(req)) });
  });

  // Issue 39: whether a second person approves (every signed-in user: the page hides Approve).
  router.get('/approval-rule', (req, res) => {
    res.json(news.approvalRule(actorOf(req)));
  });

  router.get('/:id', (req, res) => {
    res.json(news.get(actorOf(req), idOf(req)));
  });
  router.post('/', (req, res) => {
    res.status(201).json(news.create(actorOf(req), parse(createNewsSchema, req.body)));
  });
  router.put('/:id', (req, res) => {
    res.json(news.update(actorOf(req), idOf(req), parse(updateNewsSchema, req.body)));
  });
  router.post('/:id/submit', (req, res) => {
    res.json(news.submit(actorOf(req), idOf(req)));
  });
  router.post('/:id/approve', (req, res) => {
    res.json(news.approve(actorOf(req), idOf(req)));
  });
  router.post('/:id/publish', (req, res) => {
    res.json(news.publish(actorOf(req), idOf(req)));
  });
  router.delete('/:id', (req, res) => {
    news.remove(actorOf(req), idOf(req));
    res.json({ success: true });
  });
  router.post('/:id/restore', (req, res) => {
    res.json(bin.restore(actorOf(req), idOf(req)));
  });
  router.delete('/:id/permanent', (req, res) => {
    bin.deleteForever(actorOf(req), idOf(req));
    res.json({ success: true });
  });

  return router;
}

/** Paged reads are small; only the unpaged list counts as a large read. */
function unpagedOnly(limit: RequestHandler): RequestHandler {
  return (req, res, next) => (req.query.page === undefined ? limit(req, res, next) : next());
}
