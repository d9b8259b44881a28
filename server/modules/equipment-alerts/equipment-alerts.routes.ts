import { Router } from 'express';
import { equipmentReminderSchema } from '../../../shared/contracts/equipment';
import { actorOf } from '../../lib/auth';
import { parse } from '../../lib/validate';
import type { EquipmentAlertsService } from './equipment-alerts.service';

/**
 * POST /api/telegram/send-equipment-reminder (issue 12; the rest of /api/telegram is the bot's).
 * 200 with { success, delivered, message }: the reminder was recorded either way; `delivered`
 * false (today: no Telegram channel) is shown as such, never as sent.
 */
export function equipmentReminderRouter(alerts: EquipmentAlertsService): Router {
  const router = Router();
  router.post('/send-equipment-reminder', async (req, res) => {
    const { requestId } = parse(equipmentReminderSchema, req.body);
    res.json(await alerts.sendReminder(actorOf(req), requestId));
  });
  return router;
}
