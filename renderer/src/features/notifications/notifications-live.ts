import { registerLiveEvent, type LiveEventType } from '@/lib/live-registry';
import { notificationsQueryKey } from './api/get-notifications';

/** Every message that can add or remove a bell item; the registry refreshes 300 ms later (000 §7). */
const BELL_EVENTS = [
  'news_created',
  'news_updated',
  'news_deleted',
  'breaking_news',
  'equipment_created',
  'equipment_updated',
  'equipment_deleted',
  'equipment_bulk_imported',
  'equipment_requested',
  'equipment_request_updated',
  'equipment_overdue',
  // The host station's off-PC backup copy is late (issue 41): its owners' bell.
  'backup_offsite_stale',
] satisfies LiveEventType[];

export function registerNotificationsLiveEvents(): () => void {
  const off = BELL_EVENTS.map((type) => registerLiveEvent(type, { invalidate: [notificationsQueryKey] }));
  return () => off.forEach((unregister) => unregister());
}
