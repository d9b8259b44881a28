import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from './contracts/notification-preferences';
import { isWeekend, shouldDeliverNow } from './quiet-hours';
import { defaultWeekendDays, weekendDaysField, weekendText } from './weekend-days';

// 27 Nov 2026 is a Friday, 29 Nov a Sunday (Malé = UTC+5, no daylight saving).
const FRI_NOON_MALE = new Date('2026-11-27T07:00:00Z');
const SUN_NOON_MALE = new Date('2026-11-29T07:00:00Z');
const MALE = 'Indian/Maldives';

describe('station weekend days (issue 39 point 13)', () => {
  it('defaults from the time zone: Maldives and Riyadh Friday–Saturday; Dubai, UTC and unknown zones Saturday–Sunday', () => {
    expect(defaultWeekendDays(MALE)).toEqual(['fri', 'sat']);
    expect(defaultWeekendDays('Asia/Riyadh')).toEqual(['fri', 'sat']);
    expect(defaultWeekendDays('Asia/Dubai')).toEqual(['sat', 'sun']);
    expect(defaultWeekendDays('UTC')).toEqual(['sat', 'sun']);
    expect(defaultWeekendDays('Europe/London')).toEqual(['sat', 'sun']);
  });

  it('a Friday in Malé is the weekend for a Friday–Saturday station, Sunday is not', () => {
    expect(isWeekend(FRI_NOON_MALE, MALE, ['fri', 'sat'])).toBe(true);
    expect(isWeekend(SUN_NOON_MALE, MALE, ['fri', 'sat'])).toBe(false);
    // Without the station's days the old Saturday–Sunday still holds.
    expect(isWeekend(SUN_NOON_MALE, MALE)).toBe(true);
  });

  it('weekend mode holds back normal messages on the station’s Friday and lets them through on Sunday', () => {
    const prefs = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      quietHours: { ...DEFAULT_NOTIFICATION_PREFERENCES.quietHours, timezone: MALE },
      weekendMode: { enabled: true, reducedNotifications: true, emergencyOnly: false },
    };
    expect(shouldDeliverNow(prefs, 'normal', FRI_NOON_MALE, ['fri', 'sat'])).toEqual({
      deliver: false,
      reason: 'weekend_reduced',
    });
    expect(shouldDeliverNow(prefs, 'normal', SUN_NOON_MALE, ['fri', 'sat'])).toEqual({ deliver: true });
  });

  it('the setting takes 1–3 distinct days, stored in week order', () => {
    expect(weekendDaysField.parse(['sat', 'fri'])).toEqual(['fri', 'sat']);
    expect(weekendDaysField.safeParse([]).success).toBe(false);
    expect(weekendDaysField.safeParse(['fri', 'fri']).success).toBe(false);
    expect(weekendDaysField.safeParse(['fri', 'sat', 'sun', 'mon']).success).toBe(false);
    expect(weekendDaysField.safeParse(['friday']).success).toBe(false);
    expect(weekendText(['fri', 'sat'])).toBe('Friday and Saturday');
  });
});
