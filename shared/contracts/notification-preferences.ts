import { z } from 'zod';
import { NOTIFICATION_PREFERENCE_LIMITS as LIMITS } from '../constants';
import { APPROVAL_ROLES } from '../notification-rules';
import type { Role } from '../roles';
import { timeZoneField } from '../time-zones';

/**
 * Per-user notification preferences (docs/product.md §Data shape and defaults, §5 ranges):
 * GET/PUT /api/notification-preferences/{userId}. The bell reads the three `enabled` flags
 * (docs/product.md §Data); the Telegram sender reads channels, quiet hours and weekend mode.
 */

export const NOTIFICATION_CHANNELS = ['telegram', 'websocket'] as const;
export type NotificationChannelName = (typeof NOTIFICATION_CHANNELS)[number];
/** breakingNews.priority: which articles notify — all priorities, breaking and urgent, or urgent only. */
export const NEWS_PRIORITY_FILTERS = ['all', 'breaking', 'urgent'] as const;

const channels = z
  .array(z.enum(NOTIFICATION_CHANNELS, { error: 'Channels must be telegram or websocket' }))
  .max(2)
  .transform((list) => [...new Set(list)]);
const wholeMinutes = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number of minutes` })
    .int(`${label} must be whole minutes`)
    .min(min, `${label} must be at least ${min} minutes`)
    .max(max, `${label} must be at most ${max} minutes`);
const clockTime = (label: string) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time as HH:MM (00:00 to 23:59)`);

const groups = {
  breakingNews: z.object({
    enabled: z.boolean(),
    channels,
    priority: z.enum(NEWS_PRIORITY_FILTERS, { error: 'Priority must be all, breaking or urgent' }),
  }),
  equipmentOverdue: z.object({
    enabled: z.boolean(),
    channels,
    reminderInterval: wholeMinutes('Reminder interval', LIMITS.reminderInterval.min, LIMITS.reminderInterval.max),
  }),
  equipmentApproval: z.object({
    enabled: z.boolean(),
    includeRequests: z.boolean(),
    includeReturns: z.boolean(),
    channels,
  }),
  equipmentReminders: z.object({
    enabled: z.boolean(),
    beforeDue: wholeMinutes('Reminder before due', LIMITS.reminderMinutes.min, LIMITS.reminderMinutes.max),
    afterDue: wholeMinutes('Reminder after due', LIMITS.reminderMinutes.min, LIMITS.reminderMinutes.max),
    channels,
  }),
  lowStockAlerts: z.object({
    enabled: z.boolean(),
    threshold: z.coerce
      .number({ error: 'Low stock threshold must be a number' })
      .int('Low stock threshold must be a whole number')
      .min(LIMITS.lowStockThreshold.min, `Low stock threshold must be at least ${LIMITS.lowStockThreshold.min}`)
      .max(LIMITS.lowStockThreshold.max, `Low stock threshold must be at most ${LIMITS.lowStockThreshold.max}`),
    channels,
  }),
  bulletinUpdates: z.object({
    enabled: z.boolean(),
    includeCreated: z.boolean(),
    includePublished: z.boolean(),
    channels,
  }),
  quietHours: z.object({
    enabled: z.boolean(),
    startTime: clockTime('Quiet hours start'),
    endTime: clockTime('Quiet hours end'),
    /** Any IANA zone (issue 22): the spec's five left out the stations' own, e.g. Indian/Maldives. */
    timezone: timeZoneField('Time zone'),
  }),
  weekendMode: z.object({ enabled: z.boolean(), reducedNotifications: z.boolean(), emergencyOnly: z.boolean() }),
};

export const notificationPreferencesSchema = z
  .object(groups)
  .refine((p) => p.quietHours.startTime !== p.quietHours.endTime, {
    message: 'Quiet hours start and end must differ',
    path: ['quietHours', 'endTime'],
  });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export type NotificationPreferenceGroup = keyof NotificationPreferences;

const both: NotificationChannelName[] = ['telegram', 'websocket'];
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  breakingNews: { enabled: true, channels: both, priority: 'breaking' },
  equipmentOverdue: { enabled: true, channels: both, reminderInterval: LIMITS.reminderInterval.default },
  equipmentApproval: { enabled: true, includeRequests: true, includeReturns: true, channels: both },
  equipmentReminders: { enabled: true, beforeDue: 60, afterDue: 30, channels: ['telegram'] },
  lowStockAlerts: { enabled: true, threshold: LIMITS.lowStockThreshold.default, channels: both },
  bulletinUpdates: { enabled: false, includeCreated: true, includePublished: true, channels: both },
  quietHours: { enabled: false, ...LIMITS.quietHours },
  weekendMode: { enabled: false, reducedNotifications: true, emergencyOnly: false },
};

/**
 * PUT body: any groups, any fields; what is left out keeps its saved value. The merged result is
 * then checked whole (e.g. quiet hours start ≠ end across two requests).
 */
export const updateNotificationPreferencesSchema = z
  .object({
    breakingNews: groups.breakingNews.partial().optional(),
    equipmentOverdue: groups.equipmentOverdue.partial().optional(),
    equipmentApproval: groups.equipmentApproval.partial().optional(),
    equipmentReminders: groups.equipmentReminders.partial().optional(),
    lowStockAlerts: groups.lowStockAlerts.partial().optional(),
    bulletinUpdates: groups.bulletinUpdates.partial().optional(),
    quietHours: groups.quietHours.partial().optional(),
    weekendMode: groups.weekendMode.partial().optional(),
  })
  .strict();
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** The saved groups with an update laid over them, group by group. */
export function mergePreferences(current: NotificationPreferences, update: UpdateNotificationPreferences): unknown {
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(current) as NotificationPreferenceGroup[])
    merged[key] = { ...current[key], ...(update[key] ?? {}) };
  return merged;
}

/**
 * Groups a role can never receive (issue 22): approval alerts go to APPROVAL_ROLES only (the bell
 * and the bot both check it), so the wizard hides them and the server refuses them for others.
 */
export function unavailableGroups(role: Role): NotificationPreferenceGroup[] {
  return APPROVAL_ROLES.includes(role) ? [] : ['equipmentApproval'];
}

export const APPROVALS_UNAVAILABLE = 'Only owners and admins receive equipment approval alerts';
