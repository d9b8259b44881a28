import { DEFAULT_BRANDING } from '../../../shared/branding';
import { DEFAULT_TIME_ZONE } from '../../../shared/time-zones';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { users } from './users';

/**
 * Per-company settings beside the companies row (cgOutputPath stays there: the on-air path reads it).
 * Secrets are kept so the server can use them and are never returned (presenters say set/not set).
 */
export const companySettings = sqliteTable('company_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  telegramBotToken: text('telegram_bot_token'),
  authToken: text('auth_token'),
  primaryColor: text('primary_color').notNull().default(DEFAULT_BRANDING.primaryColor),
  secondaryColor: text('secondary_color').notNull().default(DEFAULT_BRANDING.secondaryColor),
  /** Telegram group settings (docs/product.md §Data) as one JSON object; missing keys take the defaults. */
  telegramGroups: text('telegram_groups', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: text('updated_at'),
  updatedBy: integer('updated_by').references(() => users.id),
  /** Optimistic concurrency (issue 26): +1 on every update; a save names the version it started from. */
  version: integer('version').notNull().default(1),
  /** The station's IANA time zone (issue 22): the default of its users' quiet hours. */
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  /** The HTML overlay's layout (issue 25) as one JSON object; null until first saved (defaults apply). */
  overlayLayout: text('overlay_layout', { mode: 'json' }).$type<Record<string, unknown>>(),
  /**
   * Take mode (issue 25): CG Control, the preview and the crawler stage into Next and Take airs it.
   * Null = off: stations from before keep their direct sends; new companies are created with it on.
   */
  takeMode: integer('take_mode', { mode: 'boolean' }),
  /** Days the as-run log keeps (issue 25); null = the default (AS_RUN_DEFAULT_RETENTION_DAYS). */
  asRunRetentionDays: integer('as_run_retention_days'),
  /** Weekend days (issue 39), e.g. ["fri","sat"]; null = from the time zone (shared/weekend-days.ts). */
  weekendDays: text('weekend_days', { mode: 'json' }).$type<string[]>(),
  /** Hours the recycle bin keeps a deleted story (issue 39); null = the spec's 2 hours. */
  recycleBinHours: integer('recycle_bin_hours'),
  /** Issue 39: a second person approves (nobody approves a story they wrote); null = off (the spec's). */
  secondApprover: integer('second_approver', { mode: 'boolean' }),
});

export type CompanySettingsRow = typeof companySettings.$inferSelect;
