import type { NotificationPriority } from '@/lib/notification-bell-text';

/** A client-side notification (spec 000 §3), built from news, equipment and requests. */
export interface ClientNotification {
  id: string;
  type: 'equipment_overdue' | 'breaking_news' | 'equipment_approval' | 'equipment_return';
  title: string;
  message: string;
  /** ISO-8601 */
  time: string;
  priority: NotificationPriority;
}
