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
    let rested = 0;
    for (let i = 0; i < 20; i++) {
      work(2);
      await new Promise((r) => setTimeout(r, 5));
      rested += await timed(() => pacer.pace());
    }
    // No timer was set: each pace() returned at once.
    expect(rested).toBeLessThan(5);
  });
});
