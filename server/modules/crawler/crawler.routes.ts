import { Router } from 'express';
import {
  addHeadlineSchema,
  editHeadlineSchema,
  removeHeadlineSchema,
  reorderHeadlinesSchema,
} from '../../../shared/contracts/crawler';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import { addHeadline, editHeadline, removeHeadline, reorderHeadlines } from './crawler-ops';
import type { CrawlerService } from './crawler.service';
import { writerOf } from '../as-run/air-source';

/** /api/news-crawler — docs/product.md §API Crawler table. Mutations answer with the new list. */
export function crawlerRouter(crawler: CrawlerService): Router {
  const router = Router();

  router.get('/content', async (req, res) => {
    res.json(await crawler.content(actorOf(req)));
  });
  router.post('/generate', async (req, res) => {
    res.json({ success: true, ...(await crawler.generate(writerOf(req))) });
  });
  router.post('/add-headline', async (req, res) => {
    const { headline } = parse(addHeadlineSchema, req.body);
    res.json({
      success: true,
      ...(await crawler.mutate(writerOf(req), (list) => addHeadline(list, headline), 'headline')),
    });
  });
  router.post('/remove-headline', async (req, res) => {
    const { index } = parse(removeHeadlineSchema, req.body);
    res.json({ success: true, ...(await crawler.mutate(writerOf(req), (list) => removeHeadline(list, index))) });
  });
  router.put('/edit-headline', async (req, res) => {
    const { index, headline } = parse(editHeadlineSchema, req.body);
    res.json({
      success: true,
      ...(await crawler.mutate(writerOf(req), (list) => editHeadline(list, index, headline), 'headline')),
    });
  });
  router.post('/clear', async (req, res) => {
    res.json({ success: true, ...(await crawler.mutate(writerOf(req), () => [])) });
  });
  router.put('/reorder', async (req, res) => {
    const { headlines, basedOn } = parse(reorderHeadlinesSchema, req.body);
    res.json({
      success: true,
      ...(await crawler.mutate(writerOf(req), (list) => reorderHeadlines(list, headlines, basedOn))),
    });
  });
  return router;
}
