import type { NotificationPreferences } from './contracts/notification-preferences';
import { DEFAULT_WEEKEND, type Weekday } from './weekend-days';

/**
 * Whether a notification may reach a user now (docs/product.md §Data quietHours and weekendMode). Pure:
 * the caller passes `now`. The Telegram sender asks this before every personal message; the
 * bell is not filtered (it is a list the user opens, not an interruption).
 *
 * - urgent (emergencies, urgent news) always goes through: a station cannot sleep through one.
 * - quiet hours: anything else is held until the window ends in the user's time zone.
 * - weekend mode (the station's weekend days, issue 39 — Saturday and Sunday unless given — in
 *   the same time zone): emergencyOnly drops all but
 *   urgent; reducedNotifications drops normal ones and lets high through. Dropped, not held:
 *   on Monday the bell still lists what matters.
 */

export type DeliveryUrgency = 'urgent' | 'high' | 'normal';

export type DeliveryDecision =
  | { deliver: true }
  | { deliver: false; reason: 'quiet_hours'; holdUntil: Date }
  | { deliver: false; reason: 'weekend_emergency_only' | 'weekend_reduced' };

type Schedule = Pick<NotificationPreferences, 'quietHours' | 'weekendMode'>;

export function shouldDeliverNow(
  prefs: Schedule,
  urgency: DeliveryUrgency,
  now: Date,
  weekendDays: readonly Weekday[] = DEFAULT_WEEKEND,
): DeliveryDecision {
  if (urgency === 'urgent') return { deliver: true };
  const zone = prefs.quietHours.timezone;
  const weekend = prefs.weekendMode;
  if (weekend.enabled && isWeekend(now, zone, weekendDays)) {
    if (weekend.emergencyOnly) return { deliver: false, reason: 'weekend_emergency_only' };
    if (weekend.reducedNotifications && urgency === 'normal') return { deliver: false, reason: 'weekend_reduced' };
  }
  const quiet = prefs.quietHours;
  if (quiet.enabled && inWindow(minutesOf(quiet.startTime), minutesOf(quiet.endTime), localClock(now, zone).minutes)) {
    return {
      deliver: false,
      reason: 'quiet_hours',
      holdUntil: windowEnd(now, zone, minutesOf(quiet.startTime), minutesOf(quiet.endTime)),
    };
  }
  return { deliver: true };
}

/** [start, end) on a 24 h clock; start > end spans midnight (22:00–06:00). */
export function inWindow(start: number, end: number, minute: number): boolean {
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Wall-clock minute of the day and weekday in a time zone (DST included, via Intl). */
export function localClock(at: Date, zone: string): { minutes: number; weekday: string } {
  const parts = formatter(zone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return { minutes: Number(get('hour')) * 60 + Number(get('minute')), weekday: get('weekday') };
}

/** Whether `at` falls on one of `days` in `zone` (Intl's 'Sat' → 'sat'). */
export function isWeekend(at: Date, zone: string, days: readonly Weekday[] = DEFAULT_WEEKEND): boolean {
  const day = localClock(at, zone).weekday.toLowerCase();
  return days.some((d) => d === day);
}

const MINUTE = 60_000;

/**
 * The first whole minute after `from` whose wall clock in `zone` is outside [start, end) — when
 * the window really ends, including nights when DST moves the clock (an end inside the skipped
 * hour ends at the first minute after the gap; in the repeated hour the window can come back).
 * Jumps to 90 minutes before the naive end (a DST shift is at most 60) and walks minute by
 * minute from there: at most ~150 Intl calls.
 */
export function windowEnd(from: Date, zone: string, start: number, end: number): Date {
  const first = Math.floor(from.getTime() / MINUTE) * MINUTE + MINUTE;
  const naiveAhead = (end - localClock(from, zone).minutes + 1440) % 1440;
  let at = Math.max(first, first + (naiveAhead - 90) * MINUTE);
  while (inWindow(start, end, localClock(new Date(at), zone).minutes)) at += MINUTE;
  return new Date(at);
}
