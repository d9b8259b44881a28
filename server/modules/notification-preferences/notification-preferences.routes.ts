import { Router } from 'express';
import { z } from 'zod';
import { positiveId } from '../../../shared/contracts/common';
import { updateNotificationPreferencesSchema } from '../../../shared/contracts/notification-preferences';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { NotificationPreferencesService } from './notification-preferences.service';

// Decimal digits only: z.coerce took "1e0", "0x1" and " 1" as user 1 (issue 37 point 11).
const userIdParam = z.object({ userId: positiveId('userId') });

/** /api/notification-preferences/{userId} (docs/product.md §API): self, or owner/admin of the same company. */
export function notificationPreferencesRouter(preferences: NotificationPreferencesService): Router {
  const router = Router();
  router.get('/:userId', async (req, res) => {
    const { userId } = parse(userIdParam, req.params);
    res.json(await preferences.get(actorOf(req), userId));
  });
  router.put('/:userId', async (req, res) => {
    const { userId } = parse(userIdParam, req.params);
    res.json(await preferences.update(actorOf(req), userId, parse(updateNotificationPreferencesSchema, req.body)));
  });
  return router;
}
