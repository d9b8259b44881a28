// Relative on purpose: the unit test runs under vitest, which has no '@shared' alias.
import { BELL_BADGE_CAP, BELL_MAX_ITEMS } from '../../../shared/constants';

/** Count badge text on the bell: nothing at zero, the count, or '99+' above the cap (000 §9). */
export function bellBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BELL_BADGE_CAP ? `${BELL_BADGE_CAP}+` : String(Math.floor(count));
}

/** The line under the first items: '+N more notifications', or null when all fit. */
export function bellOverflowText(count: number): string | null {
  const hidden = count - BELL_MAX_ITEMS;
  return hidden > 0 ? `+${hidden} more notifications` : null;
}

// The sort lives with the rules the server applies (one order everywhere).
export { sortNotifications, type NotificationPriority } from '../../../shared/notification-rules';
