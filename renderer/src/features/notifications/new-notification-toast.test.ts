import { describe, expect, it } from 'vitest';
import { newNotificationsText } from './new-notification-toast';

describe('newNotificationsText', () => {
  it.each([
    ['first load, nothing before', null, 3, null],
    ['first load with zero', null, 0, null],
    ['0 → 1: the badge appears, no toast', 0, 1, null],
    ['0 → 5: still no previous nonzero count', 0, 5, null],
    ['1 → 2', 1, 2, '1 new notification(s) received'],
    ['3 → 7', 3, 7, '4 new notification(s) received'],
    ['same count', 2, 2, null],
    ['count falls', 5, 3, null],
    ['count falls to zero', 5, 0, null],
  ] as const)('%s', (_name, previous, current, expected) => {
    expect(newNotificationsText(previous, current)).toBe(expected);
  });
});
