import { describe, expect, test } from 'vitest';
import { decideRestart, DEFAULT_RESTART_POLICY, type RestartPolicy } from './restart-policy';

const policy: RestartPolicy = { baseDelayMs: 500, maxDelayMs: 4_000, stableAfterMs: 60_000, maxQuickCrashes: 5 };

describe('restart policy', () => {
  test('quick crashes back off exponentially up to the cap', () => {
    let quick = 0;
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const d = decideRestart(quick, 1_000, policy);
      if (!d.restart) throw new Error('gave up too early');
      delays.push(d.delayMs);
      quick = d.quickCrashes;
    }
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
  });

  test('gives up after maxQuickCrashes crashes in a row', () => {
    expect(decideRestart(5, 1_000, policy)).toEqual({ restart: false, quickCrashes: 6 });
  });

  test('a run that lasted stableAfterMs starts the backoff over', () => {
    expect(decideRestart(5, 60_000, policy)).toEqual({ restart: true, delayMs: 500, quickCrashes: 1 });
  });

  test('defaults restart within a second the first time', () => {
    const d = decideRestart(0, 10, DEFAULT_RESTART_POLICY);
    expect(d.restart && d.delayMs).toBe(500);
  });
});
