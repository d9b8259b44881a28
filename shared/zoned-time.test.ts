import { describe, expect, it } from 'vitest';
import { nextDay, offsetMinutes, zonedDayStart, zonedIso, zonedStamp } from './zoned-time';

describe('station wall-clock times (issue 39 point 14)', () => {
  it('writes the station’s clock with its offset', () => {
    expect(zonedIso('2026-11-28T12:38:26.123Z', 'Indian/Maldives')).toBe('2026-11-28T17:38:26.123+05:00');
    expect(zonedStamp('2026-11-28T20:00:00.000Z', 'Indian/Maldives')).toBe('2026-11-29 01:00:00.000');
    expect(zonedIso('2026-11-28T12:00:00.000Z', 'UTC')).toBe('2026-11-28T12:00:00.000+00:00');
    expect(zonedIso('2026-01-15T12:00:00.000Z', 'America/St_Johns')).toBe('2026-01-15T08:30:00.000-03:30');
    expect(zonedIso('2026-01-15T12:00:00.000Z', 'Asia/Kathmandu')).toBe('2026-01-15T17:45:00.000+05:45');
  });

  it('follows daylight saving on both sides of the change', () => {
    // London: BST ends 25 Oct 2026 at 01:00 UTC.
    expect(offsetMinutes(Date.parse('2026-10-25T00:59:00Z'), 'Europe/London')).toBe(60);
    expect(offsetMinutes(Date.parse('2026-10-25T01:00:00Z'), 'Europe/London')).toBe(0);
    expect(zonedIso('2026-07-01T12:00:00.000Z', 'Europe/London')).toBe('2026-07-01T13:00:00.000+01:00');
  });

  it('a filter day starts at the station’s midnight', () => {
    expect(zonedDayStart('2026-11-28', 'Indian/Maldives')).toBe('2026-11-27T19:00:00.000Z');
    expect(zonedDayStart('2026-11-28', 'UTC')).toBe('2026-11-28T00:00:00.000Z');
    expect(zonedDayStart('2026-07-01', 'America/New_York')).toBe('2026-07-01T04:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
