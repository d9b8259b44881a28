import { describe, expect, it } from 'vitest';
import { QueueFull, StationShare, StationShareFull } from './station-share';

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

/** Issue 37: one station cannot take a pool (the outputs thread, the wires reader) from the others. */
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

  it('the server’s own work (no station) is held to the places and the whole queue only; a waiter given up on leaves the queue', async () => {
    const share = new StationShare({ slots: 1, perStation: 1, waitingPerStation: 0, maxWaiting: 1 });
    const first = held();
    const running = share.run(1, first.task);
    await expect(share.run(1, () => Promise.resolve())).rejects.toBeInstanceOf(StationShareFull);
    const limit = new AbortController();
    const waiting = share.run(undefined, () => Promise.resolve('ran'), limit.signal);
    expect([share.queued, share.full]).toEqual([1, true]);
    await expect(share.run(undefined, () => Promise.resolve())).rejects.toBeInstanceOf(QueueFull);
    limit.abort(new Error('past its limit'));
    await expect(waiting).rejects.toThrow('past its limit');
    expect([share.queued, share.full]).toEqual([0, false]);
    first.release();
    await running;
    expect(await share.run(undefined, () => Promise.resolve('next'))).toBe('next');
  });
});
