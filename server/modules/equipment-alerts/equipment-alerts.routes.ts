import { Router } from 'express';
import type { EquipmentAlertsService } from './equipment-alerts.service';

/** POST /api/telegram/send-equipment-reminder (issue 12; the rest of /api/telegram is the bot's). */
export function equipmentReminderRouter(_alerts: EquipmentAlertsService): Router {
  return Router();
}
