import type { EquipmentAlertsService } from '../modules/equipment-alerts/equipment-alerts.service';
import type { Job } from './scheduler';

/** Every minute, so a reminder lands within a minute of its time (60 before due, 30 after). */
export function equipmentRemindersJob(alerts: EquipmentAlertsService): Job {
  return { name: 'equipment-reminders', everyMs: 60_000, run: () => alerts.runReminders() };
}
