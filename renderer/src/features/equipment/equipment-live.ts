import { registerLiveEvent, type LiveEventType } from '@/lib/live-registry';
import { dashboardStatsQueryKey } from '@/lib/api/dashboard/get-dashboard-stats';
import { equipmentQueryKey, equipmentRequestsQueryKey } from '@/lib/api/equipment/equipment';

/**
 * Catalogue and loan messages refresh both lists and the dashboard tiles: a loan step moves the
 * item's stock and status, and a catalogue change renames what the requests show.
 */
export function registerEquipmentLiveEvents(): () => void {
  const types: LiveEventType[] = [
    'equipment_created',
    'equipment_updated',
    'equipment_deleted',
    'equipment_bulk_imported',
    'equipment_requested',
    'equipment_request_updated',
  ];
  const off = types.map((type) =>
    registerLiveEvent(type, { invalidate: [equipmentQueryKey, equipmentRequestsQueryKey, dashboardStatsQueryKey] }),
  );
  return () => off.forEach((unregister) => unregister());
}
