import { DEFAULT_BRANDING } from '../../../shared/branding';
import {
  DEFAULT_TELEGRAM_GROUPS,
  telegramGroupsSchema,
  type Branding,
  type Settings,
  type TelegramGroups,
} from '../../../shared/contracts/settings';
import type { CompanySettingsRow } from '../../db/schema';
import { AS_RUN_DEFAULT_RETENTION_DAYS } from '../../../shared/contracts/as-run';
import { presentRecycleBinHours, presentWeekendDays } from './settings-station-calendar';
import { presentTimeZone } from './settings-time-zone';

export function presentBranding(row: CompanySettingsRow | undefined): Branding {
  return {
    primaryColor: row?.primaryColor ?? DEFAULT_BRANDING.primaryColor,
    secondaryColor: row?.secondaryColor ?? DEFAULT_BRANDING.secondaryColor,
  };
}

/** Stored groups over the defaults; a key an older version wrote with the wrong type falls back. */
export function presentTelegramGroups(row: CompanySettingsRow | undefined): TelegramGroups {
  const merged = { ...DEFAULT_TELEGRAM_GROUPS, ...(row?.telegramGroups ?? {}) };
  const parsed = telegramGroupsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_TELEGRAM_GROUPS;
}

/** A station that never saved its settings has no row yet: it is at version 1, like a new row. */
export const versionOf = (row: CompanySettingsRow | undefined): number => row?.version ?? 1;

/** Never the secrets themselves: only whether they are set (docs/design-rules.md §3.3). */
export function presentSettings(
  row: CompanySettingsRow | undefined,
  cgOutputPath: string,
  cgOutputFolder: string,
): Settings {
  return {
    cgOutputPath,
    cgOutputFolder,
    telegramBotTokenSet: Boolean(row?.telegramBotToken),
    authTokenSet: Boolean(row?.authToken),
    branding: presentBranding(row),
    telegramGroups: presentTelegramGroups(row),
    timeZone: presentTimeZone(row),
    // Null (a station from before take mode) is off: it keeps its direct sends.
    takeMode: row?.takeMode === true,
    version: versionOf(row),
    asRunRetentionDays: row?.asRunRetentionDays ?? AS_RUN_DEFAULT_RETENTION_DAYS,
    ...presentWeekendDays(row),
    recycleBinHours: presentRecycleBinHours(row),
    secondApprover: row?.secondApprover === true,
  };
}
