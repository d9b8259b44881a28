import { describe, expect, it } from 'vitest';
import { ManualPollLimit } from './wires.poll-limit';
import { inTurns } from './wires.share';

describe('inTurns', () => {
  it('picks due feeds station by station', () => {
    const due = [1, 1, 1, 1, 2, 3, 1].map((companyId, id) => ({ id, companyId }));
    expect(inTurns(due, 4).map((f) => f.companyId)).toEqual([1, 2, 3, 1]);
    expect(inTurns(due, 10)).toHaveLength(7);
  });
});

describe('ManualPollLimit', () => {
  it('allows a burst per station, then one more as each refills, with the wait to tell', () => {
    let now = 0;
    const limit = new ManualPollLimit(3, 6, () => now);
    for (let i = 0; i < 3; i++) limit.take(1);
    expect(() => limit.take(1)).toThrow(expect.objectContaining({ status: 429, retryAfterSeconds: 10 }) as Error);
    limit.take(2); // another station has its own
    now += 10_000; // 6 a minute: one back after 10 s
    limit.take(1);
    expect(() => limit.take(1)).toThrow(/at most 6 a minute/);
  });
});
