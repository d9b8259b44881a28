import type { EquipmentAlertsService } from '../modules/equipment-alerts/equipment-alerts.service';
import type { Job } from './scheduler';

/** Every minute: loans past their return date → equipment_overdue (once per reminder interval). */
export function equipmentOverdueJob(alerts: EquipmentAlertsService): Job {
  return { name: 'equipment-overdue', everyMs: 60_000, run: () => alerts.runOverdue() };
}
