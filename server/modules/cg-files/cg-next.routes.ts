import { Router } from 'express';
import { clearNextQuerySchema, takeNextSchema } from '../../../shared/contracts/cg-next';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { CgNextService } from './cg-next.service';
import { airWaitOf, withAirAnswer } from '../outputs/air-receipt';
import type { OnAirChanges } from '../outputs/on-air-changes';

/** /api/cg-files/next and /take (issue 25): every operator reads Next; CG writers take and clear it. */
export function cgNextRouter(next: CgNextService, changes: OnAirChanges): Router {
  const router = Router();
  router.get('/next', async (req, res) => {
    res.json(await next.view(actorOf(req).companyId));
  });
  router.delete('/next', async (req, res) => {
    const { version } = parse(clearNextQuerySchema, req.query);
    res.json(await next.clear(actorOf(req), version));
  });
  router.post('/take', async (req, res) => {
    const { version } = parse(takeNextSchema, req.body);
    // The answer names each output's result for what was taken (issue 38).
    const [taken, air] = await withAirAnswer(changes, actorOf(req), airWaitOf(req), (writer) =>
      next.take(writer, version),
    );
    res.json({ success: true, ...taken, ...(air && { air }) });
  });
  return router;
}
