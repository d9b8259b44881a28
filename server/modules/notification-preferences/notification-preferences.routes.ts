import { Router } from 'express';
import { z } from 'zod';
import { updateNotificationPreferencesSchema } from '../../../shared/contracts/notification-preferences';
import { actorOf, requireAuth } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { NotificationPreferencesService } from './notification-preferences.service';

const userIdParam = z.object({ userId: z.coerce.number({ error: 'User id must be a number' }).int('User id must be a whole number').positive('User id must be positive') });

/** /api/notification-preferences/{userId} (spec 001 §7): self, or owner/admin of the same company. */
export function notificationPreferencesRouter(preferences: NotificationPreferencesService): Router {
  const router = Router();
  router.use(requireAuth);
  router.get('/:userId', (req, res) => {
    const { userId } = parse(userIdParam, req.params);
    res.json(preferences.get(actorOf(req), userId));
  });
  router.put('/:userId', (req, res) => {
    const { userId } = parse(userIdParam, req.params);
    res.json(preferences.update(actorOf(req), userId, parse(updateNotificationPreferencesSchema, req.body)));
  });
  return router;
}
