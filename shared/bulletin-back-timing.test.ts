import { describe, expect, it } from 'vitest';
import { backTime, parseClock } from './bulletin-back-timing';

describe('bulletin back-timing (issue 39 point 5)', () => {
  it('reads the broadcast time as a clock: 21:00, 9:05, 21:00:30, 9 PM, 21.30; else null', () => {
    expect(parseClock('21:00')).toBe(21 * 3600);
    expect(parseClock(' 9:05 ')).toBe(9 * 3600 + 5 * 60);
    expect(parseClock('21:00:30')).toBe(21 * 3600 + 30);
    expect(parseClock('9 PM')).toBe(21 * 3600);
    expect(parseClock('12:15 am')).toBe(15 * 60);
    expect(parseClock('21.30')).toBe(21 * 3600 + 30 * 60);
    for (const bad of ['', 'evening', '25:00', '9:75', '13 PM']) expect(parseClock(bad), bad).toBeNull();
  });

  it('gives each item its on-air time from the broadcast time, and its back-time from the slot’s end', () => {
    // A 5-minute slot at 21:00 with 90 s + 2 min + 60 s = 4:30 planned: 30 s under.
    const t = backTime('21:00', [90, 120, 60], 5);
    expect(t.items).toEqual([
      { onAir: '21:00:00', backTime: '21:00:30' },
      { onAir: '21:01:30', backTime: '21:02:00' },
      { onAir: '21:03:30', backTime: '21:04:00' },
    ]);
    expect(t).toMatchObject({ ends: '21:04:30', slotEnds: '21:05:00', overUnderSeconds: -30, clock: true });
  });

  it('over the slot: the back-times run before the on-air times; midnight wraps', () => {
    const t = backTime('23:59', [60, 45], 1);
    expect(t.items).toEqual([
      { onAir: '23:59:00', backTime: '23:58:15' },
      { onAir: '00:00:00', backTime: '23:59:15' },
    ]);
    expect(t).toMatchObject({ ends: '00:00:45', slotEnds: '00:00:00', overUnderSeconds: 45 });
  });

  it('a broadcast time that is not a clock counts from the start instead (+m:ss)', () => {
    const t = backTime('after the match', [75, 30], 2);
    expect(t.clock).toBe(false);
    expect(t.items).toEqual([
      { onAir: '+0:00', backTime: '+0:15' },
      { onAir: '+1:15', backTime: '+1:30' },
    ]);
    expect(t).toMatchObject({ ends: '+1:45', slotEnds: '+2:00', overUnderSeconds: -15 });
  });
});
