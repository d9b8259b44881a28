import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-11-25T12:00:00.000Z');

describe('relativeTime', () => {
  it('says just now under a minute, for a missing time and for a clock that runs behind', () => {
    expect(relativeTime('2026-11-25T11:59:30.000Z', now)).toBe('just now');
    expect(relativeTime(null, now)).toBe('just now');
    expect(relativeTime('2026-11-25T12:00:30.000Z', now)).toBe('just now');
  });
  it('counts whole minutes, hours and days, singular and plural', () => {
    expect(relativeTime('2026-11-25T11:59:00.000Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-11-25T11:58:00.000Z', now)).toBe('2 minutes ago');
    expect(relativeTime('2026-11-25T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-24T12:00:00.000Z', now)).toBe('1 day ago');
  });
});
