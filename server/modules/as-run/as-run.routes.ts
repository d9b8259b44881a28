import { startCsvDownload } from '../../lib/csv-response';
import { Router } from 'express';
import { asRunListQuerySchema, asRunFilterSchema } from '../../../shared/contracts/as-run';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { AsRunService } from './as-run.service';

/** /api/as-run — the as-run log for the people who put things on air (asRun.read). */
export function asRunRouter(asRun: AsRunService): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const { before, limit, ...filter } = parse(asRunListQuerySchema, req.query);
    res.json(await asRun.list(actorOf(req), filter, before, limit));
  });
  router.get('/export.csv', async (req, res) => {
    const filter = parse(asRunFilterSchema, req.query);
    startCsvDownload(res, `as-run-${new Date().toISOString().slice(0, 10)}.csv`);
    await asRun.exportCsv(actorOf(req), filter, res);
  });
  return router;
}
