import { Router } from 'express';
import { takeoverSchema } from '../../../shared/contracts/ha';
import { parse } from '../../lib/validate';
import type { HaService } from './ha.service';

/** /api/ha (issue 43): the main and backup pair's status, and "Main lost — take over?" confirmed. */
export function haRouter(ha: HaService): Router {
  const router = Router();
  router.get('/status', (_req, res) => {
    res.json(ha.status());
  });
  router.get('/servers', async (_req, res) => {
    res.json(await ha.servers());
  });
  // 202: the backup is the main; the server answers, then restarts onto it.
  router.post('/takeover', async (req, res) => {
    parse(takeoverSchema, req.body);
    res.status(202).json(await ha.takeover());
  });
  return router;
}
