import { Router } from 'express';
import { actorOf } from '../../lib/auth';
import type { NotificationsService } from './notifications.service';

/** GET /api/notifications — the session user's bell (issue 13). */
export function notificationsRouter(notifications: NotificationsService): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    res.json(await notifications.list(actorOf(req)));
  });
  return router;
}
