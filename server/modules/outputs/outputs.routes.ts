import { Router } from 'express';
import { saveOverlayLayoutSchema } from '../../../shared/contracts/overlay';
import { actorOf, requireAuth, requirePermission } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { OverlayService } from './overlay.service';

/** /api/outputs (issue 25): the HTML overlay's URL, key rotation and layout — owner/admin. */
export function outputsRouter(overlay: OverlayService): Router {
  const router = Router();
  router.use(requireAuth, requirePermission('settings.manage'));
  router.get('/overlay', (req, res) => {
    res.json(overlay.output(actorOf(req)));
  });
  router.post('/overlay/rotate', (req, res) => {
    res.json(overlay.rotate(actorOf(req)));
  });
  router.put('/overlay/layout', (req, res) => {
    res.json(overlay.saveLayout(actorOf(req), parse(saveOverlayLayoutSchema, req.body)));
  });
  return router;
}
