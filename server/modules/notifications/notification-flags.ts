import type { NotificationFlags } from '../../../shared/notification-rules';

/**
 * Where the bell learns a user's preference flags: NotificationPreferencesService implements it
 * (kept as an interface so the bell does not depend on how preferences are stored).
 */
export interface NotificationFlagsReader {
  flags(companyId: number, userId: number): Promise<NotificationFlags>;
}
