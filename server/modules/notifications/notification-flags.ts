import type { NotificationFlags } from '../../../shared/notification-rules';

/**
 * Where the bell learns a user's three preference flags. The notification_preferences table is
 * built in parallel (issue 13, preferences part); at merge its service implements this and is
 * passed to NotificationsService instead of allEnabled.
 */
export interface NotificationFlagsReader {
  flags(companyId: number, userId: number): NotificationFlags;
}

/** Until preferences are stored every source is on (the spec's defaults). */
export const allEnabled: NotificationFlagsReader = {
  flags: () => ({ equipmentOverdue: true, breakingNews: true, equipmentApproval: true }),
};
