import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from './contracts/notification-preferences';
import { inWindow, isWeekend, shouldDeliverNow, windowEnd, type DeliveryUrgency } from './quiet-hours';

type Schedule = Pick<NotificationPreferences, 'quietHours' | 'weekendMode'>;
function schedule(quiet: Partial<Schedule['quietHours']>, weekend: Partial<Schedule['weekendMode']> = {}): Schedule {
  return {
    quietHours: { ...DEFAULT_NOTIFICATION_PREFERENCES.quietHours, enabled: true, ...quiet },
    weekendMode: { ...DEFAULT_NOTIFICATION_PREFERENCES.weekendMode, ...weekend },
  };
}

/** [case, schedule, urgency, now (UTC), expected: 'deliver' | hold-until ISO | drop reason] */
const cases: [string, Schedule, DeliveryUrgency, string, string][] = [
  // UTC, 22:00–06:00 across midnight; the window is [start, end).
  ['UTC before the window', schedule({}), 'normal', '2026-11-24T21:59:00Z', 'deliver'],
  ['UTC at the start minute', schedule({}), 'normal', '2026-11-24T22:00:00Z', '2026-11-25T06:00:00.000Z'],
  ['UTC after midnight', schedule({}), 'high', '2026-11-25T03:10:30Z', '2026-11-25T06:00:00.000Z'],
  ['UTC at the end minute', schedule({}), 'normal', '2026-11-25T06:00:00Z', 'deliver'],
  ['urgent breaks through quiet hours', schedule({}), 'urgent', '2026-11-24T23:00:00Z', 'deliver'],
  ['quiet hours off', schedule({ enabled: false }), 'normal', '2026-11-24T23:00:00Z', 'deliver'],
  [
    'daytime window (start < end)',
    schedule({ startTime: '09:00', endTime: '17:00' }),
    'normal',
    '2026-11-24T12:00:00Z',
    '2026-11-24T17:00:00.000Z',
  ],
  [
    'daytime window, evening',
    schedule({ startTime: '09:00', endTime: '17:00' }),
    'normal',
    '2026-11-24T20:00:00Z',
    'deliver',
  ],
  // Eastern: spring forward 2026-03-08 02:00 EST → 03:00 EDT; fall back 2026-11-01 02:00 EDT → 01:00 EST.
  [
    'Eastern, night DST starts',
    schedule({ timezone: 'America/New_York' }),
    'normal',
    '2026-03-08T04:00:00Z',
    '2026-03-08T10:00:00.000Z',
  ],
  [
    'Eastern, night DST ends',
    schedule({ timezone: 'America/New_York' }),
    'normal',
    '2026-11-01T03:00:00Z',
    '2026-11-01T11:00:00.000Z',
  ],
  [
    'Eastern, 21:00 local is 02:00 UTC: outside',
    schedule({ timezone: 'America/New_York' }),
    'normal',
    '2026-11-25T02:00:00Z',
    'deliver',
  ],
  [
    'Eastern, end inside the skipped hour',
    schedule({ timezone: 'America/New_York', startTime: '01:00', endTime: '02:30' }),
    'normal',
    '2026-03-08T06:30:00Z',
    '2026-03-08T07:00:00.000Z',
  ],
  [
    'Eastern, repeated hour: first 01:30',
    schedule({ timezone: 'America/New_York', startTime: '00:00', endTime: '01:30' }),
    'normal',
    '2026-11-01T05:00:00Z',
    '2026-11-01T05:30:00.000Z',
  ],
  // Pacific, same US dates.
  [
    'Pacific, night DST starts',
    schedule({ timezone: 'America/Los_Angeles' }),
    'normal',
    '2026-03-08T06:30:00Z',
    '2026-03-08T13:00:00.000Z',
  ],
  [
    'Pacific, 22:00 local is 06:00 UTC next day',
    schedule({ timezone: 'America/Los_Angeles' }),
    'high',
    '2026-11-25T06:00:00Z',
    '2026-11-25T14:00:00.000Z',
  ],
  // London: BST starts 2026-03-29 01:00 UTC, ends 2026-10-25 01:00 UTC.
  [
    'London, night BST starts',
    schedule({ timezone: 'Europe/London' }),
    'normal',
    '2026-03-28T23:00:00Z',
    '2026-03-29T05:00:00.000Z',
  ],
  [
    'London, night BST ends',
    schedule({ timezone: 'Europe/London' }),
    'normal',
    '2026-10-24T22:00:00Z',
    '2026-10-25T06:00:00.000Z',
  ],
  [
    'London in summer: 21:30 UTC is 22:30 BST',
    schedule({ timezone: 'Europe/London' }),
    'normal',
    '2026-07-01T21:30:00Z',
    '2026-07-02T05:00:00.000Z',
  ],
  // Japan: no DST, UTC+9.
  // The Maldives (issue 22): UTC+5 all year — 22:00–06:00 local is 17:00–01:00 UTC, not 03:00–11:00 local.
  [
    'Maldives, 22:00 local is 17:00 UTC',
    schedule({ timezone: 'Indian/Maldives' }),
    'normal',
    '2026-11-24T17:00:00Z',
    '2026-11-25T01:00:00.000Z',
  ],
  [
    'Maldives, 21:59 local: outside',
    schedule({ timezone: 'Indian/Maldives' }),
    'normal',
    '2026-11-24T16:59:00Z',
    'deliver',
  ],
  [
    'Maldives, 03:00 UTC is 08:00 local: outside',
    schedule({ timezone: 'Indian/Maldives' }),
    'high',
    '2026-11-25T03:00:00Z',
    'deliver',
  ],
  [
    'Maldives, Saturday starts at 19:00 UTC Friday',
    schedule({ enabled: false, timezone: 'Indian/Maldives' }, { enabled: true, emergencyOnly: true }),
    'normal',
    '2026-11-27T19:00:00Z',
    'weekend_emergency_only',
  ],
  [
    'Japan, 23:00 JST',
    schedule({ timezone: 'Asia/Tokyo' }),
    'normal',
    '2026-11-24T14:00:00Z',
    '2026-11-24T21:00:00.000Z',
  ],
  ['Japan, 12:00 JST', schedule({ timezone: 'Asia/Tokyo' }), 'normal', '2026-11-24T03:00:00Z', 'deliver'],
  // Weekend mode (Saturday/Sunday in the user's zone). 2026-11-28 is a Saturday.
  [
    'weekend emergency only drops high',
    schedule({ enabled: false }, { enabled: true, emergencyOnly: true }),
    'high',
    '2026-11-28T12:00:00Z',
    'weekend_emergency_only',
  ],
  [
    'weekend emergency only lets urgent through',
    schedule({ enabled: false }, { enabled: true, emergencyOnly: true }),
    'urgent',
    '2026-11-28T12:00:00Z',
    'deliver',
  ],
  [
    'weekend reduced drops normal',
    schedule({ enabled: false }, { enabled: true }),
    'normal',
    '2026-11-29T12:00:00Z',
    'weekend_reduced',
  ],
  [
    'weekend reduced lets high through',
    schedule({ enabled: false }, { enabled: true }),
    'high',
    '2026-11-29T12:00:00Z',
    'deliver',
  ],
  ['weekend mode off on Saturday', schedule({ enabled: false }), 'normal', '2026-11-28T12:00:00Z', 'deliver'],
  [
    'weekend mode on a Tuesday',
    schedule({ enabled: false }, { enabled: true, emergencyOnly: true }),
    'normal',
    '2026-11-24T12:00:00Z',
    'deliver',
  ],
  [
    'Friday in UTC is Saturday in Tokyo',
    schedule({ enabled: false, timezone: 'Asia/Tokyo' }, { enabled: true, emergencyOnly: true }),
    'normal',
    '2026-11-27T16:00:00Z',
    'weekend_emergency_only',
  ],
  [
    'Monday 00:30 Tokyo is Sunday UTC: weekday there',
    schedule({ enabled: false, timezone: 'Asia/Tokyo' }, { enabled: true, emergencyOnly: true }),
    'normal',
    '2026-11-29T15:30:00Z',
    'deliver',
  ],
  [
    'weekend reduced, high, in quiet hours: held',
    schedule({}, { enabled: true }),
    'high',
    '2026-11-28T23:00:00Z',
    '2026-11-29T06:00:00.000Z',
  ],
];

describe('shouldDeliverNow: quiet hours and weekend mode across zones and DST', () => {
  it.each(cases)('%s', (_name, prefs, urgency, now, expected) => {
    const decision = shouldDeliverNow(prefs, urgency, new Date(now));
    if (expected === 'deliver') expect(decision).toEqual({ deliver: true });
    else if (expected.startsWith('weekend')) expect(decision).toEqual({ deliver: false, reason: expected });
    else expect(decision).toEqual({ deliver: false, reason: 'quiet_hours', holdUntil: new Date(expected) });
  });

  it('a held message is released exactly when the window ends (moved clock, minute by minute)', () => {
    const prefs = schedule({ timezone: 'America/New_York' });
    let now = new Date('2026-03-07T20:00:00Z'); // 15:00 EST the day before DST starts
    const decisions: string[] = [];
    for (let i = 0; i < 24 * 60; i++, now = new Date(now.getTime() + 60_000)) {
      const d = shouldDeliverNow(prefs, 'normal', now);
      const label = d.deliver ? 'deliver' : d.reason === 'quiet_hours' ? d.holdUntil.toISOString() : d.reason;
      if (decisions[decisions.length - 1] !== label) decisions.push(label);
    }
    // 22:00 EST = 03:00Z; 06:00 EDT = 10:00Z: one hold of 7 real hours, then delivery again.
    expect(decisions).toEqual(['deliver', '2026-03-08T10:00:00.000Z', 'deliver']);
  });
});

describe('helpers', () => {
  it('inWindow is [start, end) and spans midnight when start > end', () => {
    expect([
      inWindow(1320, 360, 1319),
      inWindow(1320, 360, 1320),
      inWindow(1320, 360, 0),
      inWindow(1320, 360, 359),
      inWindow(1320, 360, 360),
    ]).toEqual([false, true, true, true, false]);
    expect([
      inWindow(540, 1020, 539),
      inWindow(540, 1020, 540),
      inWindow(540, 1020, 1019),
      inWindow(540, 1020, 1020),
    ]).toEqual([false, true, true, false]);
  });
  it('isWeekend reads the day in the zone', () => {
    expect(isWeekend(new Date('2026-11-28T03:00:00Z'), 'UTC')).toBe(true);
    expect(isWeekend(new Date('2026-11-28T03:00:00Z'), 'America/Los_Angeles')).toBe(false); // Fri 19:00
  });
  it('windowEnd is strictly after now, on a whole minute', () => {
    expect(windowEnd(new Date('2026-11-24T05:59:30Z'), 'UTC', 1320, 360).toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    );
    expect(windowEnd(new Date('2026-11-24T22:00:00Z'), 'UTC', 1320, 360).toISOString()).toBe(
      '2026-11-25T06:00:00.000Z',
    );
  });
  it('in the repeated hour of the fall-back night the window comes back', () => {
    const prefs = schedule({ timezone: 'America/New_York', startTime: '00:00', endTime: '01:30' });
    // 06:00Z is 01:00 EST, the second time the clock reads 01:00 that night.
    expect(shouldDeliverNow(prefs, 'normal', new Date('2026-11-01T05:45:00Z'))).toEqual({ deliver: true });
    expect(shouldDeliverNow(prefs, 'normal', new Date('2026-11-01T06:00:00Z'))).toEqual({
      deliver: false,
      reason: 'quiet_hours',
      holdUntil: new Date('2026-11-01T06:30:00Z'),
    });
  });
});
