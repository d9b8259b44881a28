import { Router } from 'express';
import { actorOf, requireAuth } from '../../lib/auth';
import type { BulletinsService } from './bulletins.service';

/** GET /api/bulletins — read by every role (CG preview, prompter). */
export function bulletinsRouter(bulletins: BulletinsService): Router {
  const router = Router();
  router.use(requireAuth);
  router.get('/', (req, res) => {
    res.json(bulletins.list(actorOf(req)));
  });
  return router;
}
