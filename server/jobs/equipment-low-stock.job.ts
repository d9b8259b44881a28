import type { EquipmentAlertsService } from '../modules/equipment-alerts/equipment-alerts.service';
import type { Job } from './scheduler';

/** Every 5 minutes: the backstop for stock changes no equipment event announced. */
export function equipmentLowStockJob(alerts: EquipmentAlertsService): Job {
  return { name: 'equipment-low-stock', everyMs: 5 * 60_000, run: () => alerts.sweepLowStock() };
}
