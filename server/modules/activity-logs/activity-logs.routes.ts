import { Router } from 'express';
import { activityListQuerySchema } from '../../../shared/contracts/activity-logs';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { ActivityLogsService } from './activity-logs.service';

/**
 * GET /api/activity-logs → the newest entries as a plain array (the spec's shape), with the
 * total in X-Total-Count; `?page=&limit=` pages through older ones.
 */
export function activityLogsRouter(activity: ActivityLogsService): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    const { page, limit } = parse(activityListQuerySchema, req.query);
    const result = await activity.list(actorOf(req), page, limit);
    res.setHeader('X-Total-Count', String(result.total));
    res.json(result.items);
  });
  return router;
}
