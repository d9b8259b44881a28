import { Router, type ErrorRequestHandler } from 'express';
import { testMessageSchema, testNotificationSchema } from '../../../shared/contracts/telegram';
import { actorOf } from '../../lib/auth';
import { can } from '../../../shared/roles';
import { HttpError, forbidden } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { TelegramService } from './telegram.service';

/**
 * /api/telegram (docs/product.md §API). Status for every signed-in user (the header of the page); test
 * messages to any chat and the group topics for owner/admin; the wizard's `{}` test for anyone.
 * Failures answer `{ success: false, error, message }` so both the page and the wizard read them.
 */
export function telegramRouter(telegram: TelegramService): Router {
  const router = Router();
  router.get('/test', async (req, res) => {
    res.json(await telegram.status(actorOf(req)));
  });
  router.post('/test-message', async (req, res) => {
    res.json(await telegram.testMessage(actorOf(req), parse(testMessageSchema, req.body)));
  });
  router.post('/test-notification', async (req, res) => {
    const input = parse(testNotificationSchema, req.body ?? {});
    const actor = actorOf(req);
    // A group test is an admin's tool; the personal test (the wizard's `{}`) is everyone's.
    if (input.groupId && !can(actor, 'settings.manage'))
      throw forbidden('Only owners and admins can send a test to a group');
    res.json(await telegram.testNotification(actor, input));
  });
  router.get('/group-topics/:groupId', async (req, res) => {
    res.json(await telegram.groupTopics(actorOf(req), String(req.params.groupId)));
  });
  const asResult: ErrorRequestHandler = (err, _req, res, next) => {
    if (!(err instanceof HttpError)) return next(err);
    res.status(err.status).json({ success: false, error: err.message, message: err.message });
  };
  router.use(asResult);
  return router;
}
