import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { IdempotencyStore } from './idempotency';

const answer = (body: string) => ({ status: 200, body });
const use = { route: 'POST /x', body: '', rights: '' };

describe('IdempotencyStore memory bounds', () => {
  it('drops the oldest keys past the count cap', () => {
    const store = new IdempotencyStore(new ManualClock(), 60_000, 3, 1_000_000);
    for (const k of ['a', 'b', 'c', 'd']) store.begin(k, use).settle(answer(k));
    expect(store.size).toBe(3);
    expect(store.lookup('a')).toBeUndefined();
    expect(store.lookup('d')).toBeDefined();
  });

  it('drops the oldest answers past the byte cap', () => {
    const store = new IdempotencyStore(new ManualClock(), 60_000, 100, 25);
    store.begin('a', use).settle(answer('x'.repeat(10)));
    store.begin('b', use).settle(answer('x'.repeat(10)));
    store.begin('c', use).settle(answer('x'.repeat(10)));
    expect(store.lookup('a')).toBeUndefined();
    expect([store.lookup('b'), store.lookup('c')].every(Boolean)).toBe(true);
  });

  it('expires keys after the TTL and forgets an answer that is not kept (null)', () => {
    const clock = new ManualClock();
    const store = new IdempotencyStore(clock, 60_000, 100, 1_000_000);
    store.begin('a', use).settle(answer('{}'));
    store.begin('b', use).settle(null);
    expect(store.lookup('b')).toBeUndefined();
    clock.advance(50_000); // ManualClock also moves with real time: leave slack either side
    expect(store.lookup('a')).toBeDefined();
    clock.advance(10_000);
    expect(store.lookup('a')).toBeUndefined();
    expect(store.size).toBe(0);
  });
});
