import { z } from 'zod';

/**
 * The station's weekend (issue 39 point 13): the days weekend mode of notification preferences
 * (docs/product.md §Data weekendMode) applies on. The spec never says which days; Saturday–Sunday was
 * hard-coded, but the Maldives (and much of the Gulf) rest on Friday and Saturday. A station sets
 * its days in Settings; until then they follow its time zone where this small table knows the
 * country, else Saturday–Sunday.
 */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

export const DEFAULT_WEEKEND: readonly Weekday[] = ['sat', 'sun'];

/**
 * Zones of countries whose weekend is Friday–Saturday (as of 2026). Deliberately short: a zone
 * not listed gets Saturday–Sunday and the station corrects it in Settings. The UAE (Asia/Dubai)
 * moved to Saturday–Sunday in 2022, so it is not here.
 */
const FRIDAY_SATURDAY_ZONES = new Set([
  'Indian/Maldives',
  'Asia/Riyadh',
  'Asia/Qatar',
  'Asia/Kuwait',
  'Asia/Bahrain',
  'Asia/Muscat',
  'Asia/Baghdad',
  'Asia/Amman',
  'Asia/Dhaka',
  'Asia/Jerusalem',
  'Africa/Cairo',
  'Africa/Algiers',
  'Africa/Khartoum',
]);

/** The weekend a station in `zone` gets until it chooses its own. */
export function defaultWeekendDays(zone: string): Weekday[] {
  return FRIDAY_SATURDAY_ZONES.has(zone) ? ['fri', 'sat'] : [...DEFAULT_WEEKEND];
}

/** Stored days (any order, maybe from an older version) → week order; null when unusable. */
export function normaliseWeekendDays(days: unknown): Weekday[] | null {
  if (!Array.isArray(days)) return null;
  const picked = WEEKDAYS.filter((d) => days.includes(d));
  return picked.length ? picked : null;
}

/** "Friday and Saturday" / "Saturday, Sunday and Monday". */
export function weekendText(days: readonly Weekday[]): string {
  const names = days.map((d) => WEEKDAY_NAMES[d]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** PUT /api/settings weekendDays: 1–3 distinct days; null = follow the time zone again. */
export const weekendDaysField = z
  .array(z.enum(WEEKDAYS, { error: 'Weekend days must be sun, mon, tue, wed, thu, fri or sat' }), {
    error: 'Weekend days must be a list of days',
  })
  .min(1, 'Choose at least one weekend day')
  .max(3, 'A weekend is at most 3 days')
  .refine((days) => new Set(days).size === days.length, 'Each weekend day only once')
  .transform((days) => WEEKDAYS.filter((d) => days.includes(d)));
