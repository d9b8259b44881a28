import { z } from 'zod';
import { AS_RUN_RETENTION_LIMITS } from './as-run';
import { brandColourProblem } from '../branding';
import { SETTINGS_LIMITS, TELEGRAM_REMINDER_INTERVAL } from '../constants';
import { timeZoneField } from '../time-zones';
import { recycleBinHoursField } from '../recycle-bin-retention';
import { WEEKDAYS, weekendDaysField } from '../weekend-days';
import { expectedVersionSchema } from './common';

const brandColour = (label: string) =>
  z
    .string({ error: `${label} must be a colour written as #rrggbb` })
    .trim()
    .superRefine((value, ctx) => {
      const problem = brandColourProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}` });
    })
    .transform((v) => v.toLowerCase());

export const brandingSchema = z.object({
  primaryColor: z.string(),
  secondaryColor: z.string(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const updateBrandingSchema = z.object({
  primaryColor: brandColour('Primary colour').optional(),
  secondaryColor: brandColour('Secondary colour').optional(),
});

/** A Telegram chat id: digits with an optional leading minus (groups are negative), or empty. */
const chatId = z
  .string()
  .trim()
  .max(SETTINGS_LIMITS.telegramId)
  .regex(/^(-?\d+)?$/, 'must be a Telegram id: digits, groups start with a minus');
const topicId = z.string().trim().max(SETTINGS_LIMITS.telegramId).regex(/^\d*$/, 'must be a topic number');

/** Telegram group settings (docs/product.md §Data), also GET/PUT /api/company/telegram-settings. */
export const telegramGroupsSchema = z.object({
  primaryGroupId: z.string(),
  equipmentRequestTopicId: z.string(),
  secondaryGroupId: z.string(),
  secondaryGroupTopicId: z.string(),
  breakingNewsTopicId: z.string(),
  generalNotificationTopicId: z.string(),
  enableGroupNotifications: z.boolean(),
  enableEquipmentReminders: z.boolean(),
  enableBreakingNewsAlerts: z.boolean(),
  enableOverdueAlerts: z.boolean(),
  reminderInterval: z.number(),
});
export type TelegramGroups = z.infer<typeof telegramGroupsSchema>;

export const DEFAULT_TELEGRAM_GROUPS: TelegramGroups = {
  primaryGroupId: '',
  equipmentRequestTopicId: '',
  secondaryGroupId: '',
  secondaryGroupTopicId: '',
  breakingNewsTopicId: '',
  generalNotificationTopicId: '',
  enableGroupNotifications: true,
  enableEquipmentReminders: true,
  enableBreakingNewsAlerts: true,
  enableOverdueAlerts: true,
  reminderInterval: TELEGRAM_REMINDER_INTERVAL.default,
};

/** A partial update: only the fields named change. */
export const updateTelegramGroupsSchema = z
  .object({
    primaryGroupId: chatId,
    equipmentRequestTopicId: topicId,
    secondaryGroupId: chatId,
    secondaryGroupTopicId: topicId,
    breakingNewsTopicId: topicId,
    generalNotificationTopicId: topicId,
    enableGroupNotifications: z.boolean(),
    enableEquipmentReminders: z.boolean(),
    enableBreakingNewsAlerts: z.boolean(),
    enableOverdueAlerts: z.boolean(),
    reminderInterval: z.coerce
      .number({ error: 'Reminder interval must be a number of minutes' })
      .int('Reminder interval must be whole minutes')
      .min(
        TELEGRAM_REMINDER_INTERVAL.min,
        `Reminder interval must be at least ${TELEGRAM_REMINDER_INTERVAL.min} minutes`,
      )
      .max(
        TELEGRAM_REMINDER_INTERVAL.max,
        `Reminder interval must be at most ${TELEGRAM_REMINDER_INTERVAL.max} minutes`,
      ),
  })
  .partial();

/** GET /api/settings (owner/admin). Secrets are never returned, only whether they are set. */
export const settingsSchema = z.object({
  /** As entered (relative paths resolve against the server's base folder). */
  cgOutputPath: z.string(),
  /** The absolute folder the files are written to — what graphics programs should point at. */
  cgOutputFolder: z.string(),
  telegramBotTokenSet: z.boolean(),
  authTokenSet: z.boolean(),
  branding: brandingSchema,
  telegramGroups: telegramGroupsSchema,
  /** The station's IANA time zone (issue 22): the default of every user's quiet hours. */
  timeZone: z.string(),
  /** Take mode (issue 25): CG sends wait in NEXT until Take. New stations start with it on. */
  takeMode: z.boolean(),
  /** +1 on every saved change (1 before the first); a save sends the version it started from (issue 26). */
  version: z.number(),
  /** Days the as-run log keeps (issue 25; 90 until set). */
  asRunRetentionDays: z.number(),
  /** The station's weekend (issue 39); from the time zone until set (weekendDaysFromZone). */
  weekendDays: z.array(z.enum(WEEKDAYS)),
  weekendDaysFromZone: z.boolean(),
  /** Hours the recycle bin keeps a deleted story (issue 39; the spec's 2 until set). */
  recycleBinHours: z.number(),
  /** Issue 39: a second person approves each story (no self-approval); off until set (the spec's). */
  secondApprover: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** GET /api/settings/time-zone (every signed-in user): the station's zone, their quiet-hours default, and its weekend days (issue 39). */
export const stationTimeZoneSchema = z.object({ timeZone: z.string(), weekendDays: z.array(z.enum(WEEKDAYS)) });
export type StationTimeZone = z.infer<typeof stationTimeZoneSchema>;

/** A secret: a new value sets it; '' or null clears it; leaving it out keeps it. */
const secret = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(SETTINGS_LIMITS.secret, `${label} must be at most ${SETTINGS_LIMITS.secret} characters`)
    .nullable()
    .optional();

/** PUT /api/settings — partial: only the fields named change (docs/product.md §API names all five). */
export const updateSettingsSchema = z.object({
  cgOutputPath: z
    .string({ error: 'CG output path is required' })
    .trim()
    .min(1, 'CG output path is required')
    .max(SETTINGS_LIMITS.cgOutputPath, `CG output path must be at most ${SETTINGS_LIMITS.cgOutputPath} characters`)
    .optional(),
  telegramBotToken: secret('Bot token'),
  authToken: secret('Auth token'),
  branding: updateBrandingSchema.optional(),
  telegramGroups: updateTelegramGroupsSchema.optional(),
  /** The user saw the 409 listing files we did not write in the new CG folder and still wants it. */
  confirmNonEmptyFolder: z.boolean({ error: 'confirmNonEmptyFolder must be true or false' }).optional(),
  timeZone: timeZoneField('Station time zone').optional(),
  takeMode: z.boolean({ error: 'takeMode must be true or false' }).optional(),
  asRunRetentionDays: z
    .number({ error: 'As-run retention must be a whole number of days' })
    .int('As-run retention must be a whole number of days')
    .min(AS_RUN_RETENTION_LIMITS.min, `As-run retention must be at least ${AS_RUN_RETENTION_LIMITS.min} day`)
    .max(AS_RUN_RETENTION_LIMITS.max, `As-run retention must be at most ${AS_RUN_RETENTION_LIMITS.max} days`)
    .optional(),
  /** null = follow the time zone again (issue 39). */
  weekendDays: weekendDaysField.nullable().optional(),
  recycleBinHours: recycleBinHoursField.optional(),
  secondApprover: z.boolean({ error: 'secondApprover must be true or false' }).optional(),
  version: expectedVersionSchema,
});
export type UpdateSettingsInput = z.input<typeof updateSettingsSchema>;

/** PUT /api/settings answers the new settings and, when the CG folder moved, where the files are now. */
export const updateSettingsResponseSchema = settingsSchema.extend({
  cgFolderMoved: z.object({ from: z.string(), to: z.string(), files: z.number() }).nullable(),
});
export type UpdateSettingsResponse = z.infer<typeof updateSettingsResponseSchema>;

/**
 * 409 from PUT /api/settings when the new CG folder holds files CG Bridge did not write: the
 * message, up to FOREIGN_FILES_SHOWN of their names and how many there are. Send the save again
 * with `confirmNonEmptyFolder: true` to use the folder anyway (those files are never deleted).
 */
export const FOREIGN_FILES_SHOWN = 20;
export const foreignFolderErrorSchema = z.object({
  message: z.string(),
  foreignFiles: z.array(z.string()),
  foreignFileCount: z.number(),
});
export type ForeignFolderError = z.infer<typeof foreignFolderErrorSchema>;
