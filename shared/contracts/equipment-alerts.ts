import { z } from 'zod';

/**
 * POST /api/telegram/send-equipment-reminder answer (issue 12). `delivered` says whether the
 * person was actually reached; until the Telegram bot exists the reminder is only recorded and
 * the answer says so ({ success: false, delivered: false }) — never a pretend success.
 */
export const equipmentReminderResultSchema = z.object({
  success: z.boolean(),
  delivered: z.boolean(),
  message: z.string(),
});
export type EquipmentReminderResult = z.infer<typeof equipmentReminderResultSchema>;

export const REMINDER_NOT_DELIVERED_MESSAGE = 'Reminder recorded; Telegram delivery is not set up yet';
