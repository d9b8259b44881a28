import type {
  NotificationPreferences,
  UpdateNotificationPreferences,
} from '../../../shared/contracts/notification-preferences';

/**
 * Quiet hours default to the station's time zone (issue 22 point 20). A user who never picked a
 * zone keeps following the station's, even after saving other groups: the zone is stored only
 * once it was chosen (the wizard sends it, so saving the wizard pins what the user saw).
 */

export function withStationZone(prefs: NotificationPreferences, zone: string): NotificationPreferences {
  return { ...prefs, quietHours: { ...prefs.quietHours, timezone: zone } };
}

const hasZone = (group: unknown): boolean => typeof group === 'object' && group !== null && 'timezone' in group;

/** What goes into the row: the merged preferences, without a zone the user never chose. */
export function storedPreferences(
  merged: NotificationPreferences,
  previous: Record<string, unknown> | undefined,
  update: UpdateNotificationPreferences,
): Record<string, unknown> {
  if (update.quietHours?.timezone !== undefined || hasZone(previous?.quietHours)) return merged;
  const { timezone: _followsStation, ...quietHours } = merged.quietHours;
  return { ...merged, quietHours };
}
