import { registerLiveEvent, type LiveEventType } from '@/lib/live-registry';
import { mobileEquipmentQueryKey, mobilePermissionsPrefix, mobileRequestsQueryKey } from './api/mobile-queries';

const EQUIPMENT_EVENTS = [
  'equipment_created',
  'equipment_updated',
  'equipment_deleted',
  'equipment_bulk_imported',
  'equipment_low_stock',
] satisfies LiveEventType[];
const REQUEST_EVENTS = ['equipment_requested', 'equipment_request_updated'] satisfies LiveEventType[];

/**
 * The mobile lists have their own paths (/api/mobile/...), so the desktop's equipment refresh does
 * not reach them: a request approved on /equipment must show on the cameraman's phone at once.
 * A request change moves stock too, so it refreshes the item list as well.
 */
export function registerMobileFieldLiveEvents(): () => void {
  const off = [
    ...EQUIPMENT_EVENTS.map((type) => registerLiveEvent(type, { invalidate: [mobileEquipmentQueryKey] })),
    ...REQUEST_EVENTS.map((type) =>
      registerLiveEvent(type, { invalidate: [mobileRequestsQueryKey, mobileEquipmentQueryKey] }),
    ),
    // A role change decides Approve buttons and the CG Control tab.
    registerLiveEvent('user_updated', { invalidate: [mobilePermissionsPrefix] }),
  ];
  return () => off.forEach((unregister) => unregister());
}
