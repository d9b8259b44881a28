import { Router } from 'express';
import { clearNextQuerySchema, takeNextSchema } from '../../../shared/contracts/cg-next';
import { actorOf, requireAuth, requirePermission } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { CgNextService } from './cg-next.service';

/** /api/cg-files/next and /take (issue 25): every operator reads Next; CG writers take and clear it. */
export function cgNextRouter(next: CgNextService): Router {
  const router = Router();
  router.use('/next', requireAuth);
  router.use('/take', requireAuth);
  const write = requirePermission('cg.write');
  router.get('/next', (req, res) => {
    res.json(next.view(actorOf(req).companyId));
  });
  router.delete('/next', write, (req, res) => {
    const { version } = parse(clearNextQuerySchema, req.query);
    res.json(next.clear(actorOf(req), version));
  });
  router.post('/take', write, async (req, res) => {
    const { version } = parse(takeNextSchema, req.body);
    res.json({ success: true, ...(await next.take(actorOf(req), version)) });
  });
  return router;
}
