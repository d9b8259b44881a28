import { describe, expect, it } from 'vitest';
import { createInFlightGuard } from './in-flight-guard';

describe('in-flight guard', () => {
  it('lets the first call in and refuses the second until released', () => {
    const guard = createInFlightGuard();
    expect(guard.tryEnter()).toBe(true);
    expect(guard.busy).toBe(true);
    expect(guard.tryEnter()).toBe(false);
    guard.release();
    expect(guard.busy).toBe(false);
    expect(guard.tryEnter()).toBe(true);
  });

  it('keeps guards independent', () => {
    const a = createInFlightGuard();
    const b = createInFlightGuard();
    a.tryEnter();
    expect(b.tryEnter()).toBe(true);
  });
});
