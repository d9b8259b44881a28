import { describe, expect, it } from 'vitest';
import { bellBadgeText, bellOverflowText, sortNotifications } from './notification-bell-text';

describe('bellBadgeText', () => {
  it('shows no badge at zero', () => {
    expect(bellBadgeText(0)).toBeNull();
  });
  it('shows the count up to 99', () => {
    expect(bellBadgeText(1)).toBe('1');
    expect(bellBadgeText(99)).toBe('99');
  });
  it('caps at 99+', () => {
    expect(bellBadgeText(100)).toBe('99+');
    expect(bellBadgeText(12345)).toBe('99+');
  });
});

describe('bellOverflowText', () => {
  it('is empty when all five fit', () => {
    expect(bellOverflowText(5)).toBeNull();
  });
  it('counts the hidden ones', () => {
    expect(bellOverflowText(8)).toBe('+3 more notifications');
  });
});

describe('sortNotifications', () => {
  it('orders by priority, then newest first', () => {
    const items = [
      { id: 'a', priority: 'normal' as const, time: '2026-01-01T10:00:00Z' },
      { id: 'b', priority: 'urgent' as const, time: '2026-01-01T09:00:00Z' },
      { id: 'c', priority: 'normal' as const, time: '2026-01-01T11:00:00Z' },
      { id: 'd', priority: 'high' as const, time: '2026-01-01T08:00:00Z' },
    ];
    expect(sortNotifications(items).map((i) => i.id)).toEqual(['b', 'd', 'c', 'a']);
  });
});
