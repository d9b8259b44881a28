import { describe, expect, it } from 'vitest';
import { deletionTime, formatTimeRemaining } from './time-remaining';

const now = Date.parse('2025-03-01T10:00:00Z');
const at = (ms: number) => new Date(now + ms);

describe('formatTimeRemaining', () => {
  it('shows hours and minutes, rounding down', () => {
    expect(formatTimeRemaining(at(2 * 3_600_000), now)).toBe('2h 0m');
    expect(formatTimeRemaining(at(3_600_000 + 23 * 60_000 + 59_000), now)).toBe('1h 23m');
    expect(formatTimeRemaining(at(23 * 60_000 + 1), now)).toBe('23m');
    expect(formatTimeRemaining(at(30_000), now)).toBe('< 1m');
  });

  it('says Expired at and after the deadline, or without one', () => {
    expect(formatTimeRemaining(at(0), now)).toBe('Expired');
    expect(formatTimeRemaining(at(-5 * 60_000), now)).toBe('Expired');
    expect(formatTimeRemaining(null, now)).toBe('Expired');
  });
});

describe('deletionTime', () => {
  it('prefers the scheduled time and falls back to deletedAt + 2 h', () => {
    expect(
      deletionTime({ deletedAt: '2025-03-01T09:00:00Z', scheduledForDeletion: '2025-03-01T11:30:00Z' })?.toISOString(),
    ).toBe('2025-03-01T11:30:00.000Z');
    expect(deletionTime({ deletedAt: '2025-03-01T09:00:00Z', scheduledForDeletion: null })?.toISOString()).toBe(
      '2025-03-01T11:00:00.000Z',
    );
    expect(deletionTime({ deletedAt: null, scheduledForDeletion: null })).toBeNull();
  });
});
