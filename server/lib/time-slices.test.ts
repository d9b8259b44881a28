import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { openDatabase } from '../db/client';
import { hasUnsyncedWal } from '../db/fast-commit';
import { sqliteStore } from '../db/store';
import { OnAirGate } from './on-air-gate';
import { afterAir, airFirst, airStep, closeJob, sliceCommit, whileMore } from './time-slices';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-slices-'));
const store = openDatabase(dataDir, path.join(REPO_ROOT, 'server', 'db', 'migrations'));
const asyncStore = sqliteStore(dataDir, store);
afterAll(async () => {
  await asyncStore.close();
  store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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

describe("a job's slices and its closing write reach the disk off the loop", () => {
  it('after the last slice committed without an fsync, airFirst leaves no WAL waiting for its sync', async () => {
    const gate = new OnAirGate();
    for await (const n of airFirst(gate, [1, 2, 3])) {
      await sliceCommit(asyncStore, 'server', (tx) =>
        tx.insert(asyncStore.tables.companies).values({ name: `Slice ${n}` }),
      );
      // The slice's commit is left for the runner's off-loop sync, not flushed on the loop.
      if (n < 3) expect(hasUnsyncedWal(store.db)).toBe(true);
    }
    expect(hasUnsyncedWal(store.db)).toBe(false);
    expect(store.sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('closeJob waits for the on-air write in progress, commits without an fsync on the loop and resolves once durable', async () => {
    const gate = new OnAirGate();
    let finishWrite = () => {};
    const write = gate.run(() => new Promise<void>((resolve) => (finishWrite = resolve)));
    const order: string[] = [];
    const closing = closeJob(gate, asyncStore, 'server', async (tx) => {
      order.push('closing write');
      return (await tx.insert(asyncStore.tables.companies).values({ name: 'Job done' }).returning()).length;
    });
    await new Promise((r) => setTimeout(r, 30));
    order.push('write done');
    finishWrite();
    const [, changes] = await Promise.all([write, closing]);
    expect([order, changes]).toEqual([['write done', 'closing write'], 1]);
    expect(hasUnsyncedWal(store.db)).toBe(false);
    expect(store.sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });
});
