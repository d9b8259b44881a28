import type { ClientNotification } from '../notification-rules';

/** GET /api/notifications (issue 13): the viewer's bell, sorted; items are the first 100 of total. */
export interface NotificationsResponse {
  total: number;
  items: ClientNotification[];
}

/** The most items one response carries (the bell lists 5; the count shows all). */
export const NOTIFICATIONS_MAX_ITEMS = 100;
