import { describe, expect, it } from 'vitest';
import { ManualPollLimit } from './wires.poll-limit';
import { inTurns, StationShare, StationShareFull } from './wires.share';

/** A task that runs until released. */
function held() {
  let release = () => {};
  const started = { value: false };
  const task = () => {
    started.value = true;
    return new Promise<void>((resolve) => (release = resolve));
  };
  return { task, started, release: () => release() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Issue 37: one station cannot take the wires reader from the others. */
describe('StationShare', () => {
  it('runs at most perStation of a station at once, lets it wait a few more, refuses the rest at once', async () => {
    const share = new StationShare({ slots: 4, perStation: 2, waitingPerStation: 1 });
    const a = [held(), held(), held()];
    const runs = a.map((h) => share.run(1, h.task));
    const refused = share.run(1, () => Promise.resolve());
    await expect(refused).rejects.toBeInstanceOf(StationShareFull);
    await tick();
    expect(a.map((h) => h.started.value)).toEqual([true, true, false]);
    expect(share.inFlight(1)).toBe(2);
    // Station 2 is not held up by station 1's waiting read.
    const b = held();
    const bRun = share.run(2, b.task);
    await tick();
    expect(b.started.value).toBe(true);
    a[0]!.release();
    await tick();
    expect(a[2]!.started.value).toBe(true);
    [a[1]!, a[2]!, b].forEach((h) => h.release());
    await Promise.all([...runs, bRun]);
    expect(share.inFlight()).toBe(0);
  });

  it('when every place is taken, the stations waiting take turns for the next one', async () => {
    const share = new StationShare({ slots: 2, perStation: 2, waitingPerStation: 5 });
    const first = [held(), held()];
    const firstRuns = first.map((h) => share.run(1, h.task));
    const a = [held(), held()];
    const aRuns = a.map((h) => share.run(1, h.task));
    const b = held();
    const bRun = share.run(2, b.task);
    await tick();
    first[0]!.release();
    await tick();
    // Station 1 queued first, but station 2 has nothing in flight: station 1 took the place it
    // waited for longest, then station 2 is next.
    expect([a[0]!.started.value, b.started.value]).toEqual([true, false]);
    first[1]!.release();
    await tick();
    expect([a[1]!.started.value, b.started.value]).toEqual([false, true]);
    [a[0]!, b].forEach((h) => h.release());
    await tick();
    a[1]!.release();
    await Promise.all([...firstRuns, ...aRuns, bRun]);
  });

  it('a task that fails gives its place back', async () => {
    const share = new StationShare({ slots: 1, perStation: 1, waitingPerStation: 1 });
    await expect(share.run(1, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await share.run(1, () => Promise.resolve('next'))).toBe('next');
  });
});

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
