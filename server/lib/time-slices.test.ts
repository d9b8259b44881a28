import { describe, expect, it } from 'vitest';
import { OnAirGate } from './on-air-gate';
import { afterAir, airFirst, airStep, whileMore } from './time-slices';

describe('afterAir', () => {
  it('resolves at once when no on-air write runs, and only after the running one otherwise', async () => {
    const gate = new OnAirGate();
    await afterAir(gate); // idle: nothing to wait for
    let finishWrite = () => {};
    const write = gate.run(() => new Promise<void>((resolve) => (finishWrite = resolve)));
    const order: string[] = [];
    const waiting = afterAir(gate).then(() => order.push('login commit'));
    await new Promise((r) => setTimeout(r, 30));
    order.push('write done');
    finishWrite();
    await Promise.all([write, waiting]);
    expect(order).toEqual(['write done', 'login commit']);
  });
});

describe('airFirst', () => {
  it('runs each slice after the on-air write in progress, handing the loop back before every slice', async () => {
    const gate = new OnAirGate();
    const order: string[] = [];
    let finishWrite = () => {};
    const write = gate.run(() => new Promise<void>((resolve) => (finishWrite = resolve)));
    const job = (async () => {
      for await (const n of airFirst(
        gate,
        whileMore(() => order.filter((o) => o.startsWith('slice')).length < 3),
      ))
        order.push(`slice ${String(n)}`);
      order.push(await airStep(gate, () => 'last step'));
    })();
    await new Promise((r) => setTimeout(r, 30));
    // Nothing of the job ran while the write was on air.
    expect(order).toEqual([]);
    order.push('write done');
    finishWrite();
    await Promise.all([write, job]);
    expect(order).toEqual(['write done', 'slice undefined', 'slice undefined', 'slice undefined', 'last step']);
  });

  it('gives the loop back between slices: a timer due meanwhile runs between two slices', async () => {
    const gate = new OnAirGate();
    const order: string[] = [];
    setImmediate(() => order.push('timer'));
    for await (const n of airFirst(gate, [1, 2])) order.push(`slice ${n}`);
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('slice 2'));
  });
});
