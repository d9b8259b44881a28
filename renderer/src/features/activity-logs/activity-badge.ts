import { ACTIVITY_BADGES } from '@shared/contracts/activity-logs';

/** 'equipment_check_in' → 'Equipment Check In', for actions the badge table does not know yet. */
export function humaniseAction(action: string): string {
  return action
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

export function activityBadgeLabel(action: string): string {
  return ACTIVITY_BADGES[action] ?? humaniseAction(action);
}

/** Colour by meaning, so a glance down the list separates additions from removals. */
const BADGE_COLORS: Record<string, string> = {
  Created: 'green',
  Updated: 'blue',
  Approved: 'teal',
  Published: 'violet',
  Restored: 'cyan',
  'Checked Out': 'orange',
  Returned: 'lime',
  Rejected: 'red',
  Deleted: 'red',
  Purged: 'red',
};

export function activityBadgeColor(label: string): string {
  return BADGE_COLORS[label] ?? 'gray';
}
