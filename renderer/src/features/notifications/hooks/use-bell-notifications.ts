import { sortNotifications } from '@/lib/notification-bell-text';
import type { ClientNotification } from '../notification-types';

const NO_SOURCES: readonly ClientNotification[] = [];

/**
 * The bell's list. Its sources (breaking news, overdue equipment, pending approvals, each
 * behind the user's preference) arrive with the news and equipment features; until then the
 * list is empty and the bell shows 'No new notifications'.
 */
export function useBellNotifications(): ClientNotification[] {
  return sortNotifications(NO_SOURCES);
}
