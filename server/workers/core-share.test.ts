import { describe, expect, it } from 'vitest';
import { CoreShare } from './core-share';

/** Busy-waits `ms` on this thread (the work a parse slice or a body chunk does). */
function work(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** Time spent resting in `pace()`. */
async function timed(pace: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await pace();
  return performance.now() - t;
}

describe('CoreShare (the wires reader keeps to its share of a core)', () => {
  it('at half a core, a thread that works 200 ms in 2 ms pieces rests about as long as it worked', async () => {
    const pacer = new CoreShare(0.5);
    let rested = 0;
    for (let i = 0; i < 100; i++) {
      work(2);
      rested += await timed(() => pacer.pace());
    }
    // Lower bound only: timers fire late on a busy machine, never early.
    expect(rested).toBeGreaterThan(200 * 0.9);
  });

  it('a thread that already waited longer than it worked (a download idling on the network) does not rest again', async () => {
    const pacer = new CoreShare(0.5);
    const order: string[] = [];
    for (let i = 0; i < 20; i++) {
      work(2);
      // Far longer than the work: the loop's busy time is wall time, and on a loaded machine a 2 ms
      // busy-wait preempted for a while measured longer than a 5 ms wait (a clean-clone CI failure).
      await new Promise((r) => setTimeout(r, 25));
      // No timer is set: pace() settles within this turn of the loop, before a setImmediate queued
      // now (a rest of even 1 ms would let the immediate run first). Not a wall-clock bound, which a
      // loaded CI machine broke (8.5 ms summed over 20 calls that set no timer).
      const immediate = new Promise<void>((r) => setImmediate(() => r(void order.push('immediate'))));
      await pacer.pace().then(() => order.push('paced'));
      await immediate;
    }
    expect(order).toEqual(Array.from({ length: 20 }, () => ['paced', 'immediate']).flat());
  });
});
