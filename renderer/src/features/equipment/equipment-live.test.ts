import { describe, expect, it } from 'vitest';
import { liveHandlersFor } from '@/lib/live-registry';
import { registerEquipmentLiveEvents } from './equipment-live';

describe('equipment live events', () => {
  it('refresh both lists and the dashboard on every catalogue and loan message', () => {
    const off = registerEquipmentLiveEvents();
    for (const type of [
      'equipment_created',
      'equipment_updated',
      'equipment_deleted',
      'equipment_bulk_imported',
      'equipment_requested',
      'equipment_request_updated',
    ]) {
      expect(liveHandlersFor(type).flatMap((h) => h.invalidate ?? [])).toEqual([
        ['/api/equipment'],
        ['/api/equipment-requests'],
        ['/api/dashboard/stats'],
      ]);
    }
    off();
    expect(liveHandlersFor('equipment_created')).toEqual([]);
  });
});
