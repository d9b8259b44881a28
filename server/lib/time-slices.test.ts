import { describe, expect, it } from 'vitest';
import { OnAirGate } from './on-air-gate';
import { afterAir } from './time-slices';

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
