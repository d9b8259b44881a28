import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/errors';
import { JobPool, POOL_BUSY_MESSAGE, STATION_BUSY_MESSAGE, type JobPoolOptions } from './job-pool';
import { PoolThreads } from './job-runners';
import type { TaskTable } from './worker-main';

const entry = new URL('./job-pool.test-worker.ts', import.meta.url);
const pools: JobPool<TaskTable>[] = [];
/** A pool of the test worker on the pool library's threads: `size` threads running `concurrency` tasks each. */
const pool = (size = 1, maxQueue = 2, concurrency = 1, more: Partial<JobPoolOptions> = {}) => {
  const p = new JobPool<TaskTable>({
    runner: new PoolThreads(entry, { size, concurrency }),
    slots: size * concurrency,
    maxQueue,
    timeoutMs: 20_000,
    ...more,
  });
  pools.push(p);
  return p;
};

/** The promise's outcome (value or error), or 'still waiting' after `ms`: a task that never settles fails the test instead of hanging it. */
const settledWithin = (p: Promise<unknown>, ms: number): Promise<unknown> =>
  Promise.race([
    p.then(
      (v) => v,
      (e: unknown) => e,
    ),
    new Promise((r) => setTimeout(() => r('still waiting'), ms)),
  ]);

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('JobPool on the pool library’s threads', () => {
  it('runs tasks on a worker thread and answers their values; an HttpError comes back as the same status and message', async () => {
    const p = pool();
    expect(await p.run('echo', { a: [1, 'two'] })).toEqual({ a: [1, 'two'] });
    expect(await p.run<number>('threadId', null)).toBeGreaterThan(0);
    const err = await p.run('refuse', 'csvData: No valid data found in CSV').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect([(err as HttpError).status, (err as HttpError).message]).toEqual([
      400,
      'csvData: No valid data found in CSV',
    ]);
  });

  it('refuses with 503 and Retry-After when the queue is full, says it is full, runs what it took and counts answers by name', async () => {
    const p = pool(1, 2);
    const running = p.run('wait', 200);
    const queued = [p.run('wait', 1), p.run('wait', 2)];
    expect(p.full).toBe(true);
    const refused = (await p.run('wait', 3).catch((e: unknown) => e)) as HttpError;
    expect([refused.status, refused.message, refused.retryAfterSeconds]).toEqual([503, POOL_BUSY_MESSAGE, 5]);
    expect(await Promise.all([running, ...queued])).toEqual([200, 1, 2]);
    expect(p.full).toBe(false);
    expect(p.answered.get('wait')).toBe(3);
  });

  it('a task past its limit rejects with a clear 503, its thread is stopped and its place given back; a caller’s own limit wins', async () => {
    const p = pool(1, 1, 1, { timeoutMs: 300 });
    const roomy = { timeoutMs: 20_000 };
    const first = await p.run<number>('threadId', null, [], roomy);
    const hung = (await settledWithin(p.run('hang', null), 5_000)) as HttpError;
    expect([hung.status, hung.message]).toEqual([
      503,
      'The server gave up on hang after 0.3 s without an answer; try again in a few seconds',
    ]);
    // The next task runs on a new thread: the hung one was stopped.
    expect(await settledWithin(p.run<number>('threadId', null, [], roomy), 5_000)).not.toBe(first);
    const late = (await settledWithin(p.run('wait', 2_000, [], { timeoutMs: 50 }), 5_000)) as HttpError;
    expect(late.message).toMatch(/gave up on wait after 0.05 s/);
    expect(await p.run('echo', 'still fine', [], roomy)).toBe('still fine');
  });

  it('a task waiting for a place past its limit leaves the queue', async () => {
    const p = pool(1, 1, 1);
    const running = p.run('wait', 300);
    const queued = settledWithin(p.run('echo', 'never ran', [], { timeoutMs: 50 }), 3_000);
    expect(((await queued) as HttpError).status).toBe(503);
    expect(p.full).toBe(false);
    expect(await running).toBe(300);
  });

  it('fails the task whose thread crashed, and runs the next on a new thread', async () => {
    const p = pool(1, 4);
    const first = await p.run<number>('threadId', null);
    expect(await p.run('crash', null).catch((e: unknown) => e)).toBeInstanceOf(Error);
    expect(await p.run<number>('threadId', null)).not.toBe(first);
  });

  it('with concurrency, one thread runs several waiting tasks at once (a slow one holds only itself)', async () => {
    const p = pool(1, 1, 4);
    let slowDone = false;
    const slow = p.run('wait', 400).then((v) => ((slowDone = true), v));
    expect(await Promise.all([p.run('wait', 50), p.run('wait', 60), p.run('wait', 70)])).toEqual([50, 60, 70]);
    expect(slowDone).toBe(false);
    expect(p.threads).toBe(1);
    expect(await slow).toBe(400);
  });

  it('per station: a station at its share is refused alone (503); other stations and the server’s own work go on, and take their turn before its waiting tasks', async () => {
    const p = pool(1, 8, 2, { perStation: 1, waitingPerStation: 2 });
    const order: string[] = [];
    const a = [
      p.run('wait', 300, [], { station: 1 }),
      p.run('echo', 'a2', [], { station: 1 }),
      p.run('echo', 'a3', [], { station: 1 }),
    ].map((t) => t.then((v) => order.push(`a:${String(v)}`)));
    const refused = (await p.run('echo', 'a4', [], { station: 1 }).catch((e: unknown) => e)) as HttpError;
    expect([refused.status, refused.message, refused.retryAfterSeconds]).toEqual([503, STATION_BUSY_MESSAGE, 5]);
    expect(p.load(1)).toBe(3);
    // Station 2 takes the second place at once, while station 1's two wait their turn.
    expect(await settledWithin(p.run('echo', 'station 2', [], { station: 2 }), 3_000)).toBe('station 2');
    expect(await settledWithin(p.run('echo', 'the server’s'), 3_000)).toBe('the server’s');
    await Promise.all(a);
    expect(order).toEqual(['a:300', 'a:a2', 'a:a3']);
    expect(p.load(1)).toBe(0);
  });

  it('warm starts a thread ahead of the first task; close stops every thread and refuses later work with 503', async () => {
    const p = pool(2, 4);
    p.warm();
    expect(p.threads).toBe(1);
    await p.run('echo', 1);
    await p.close();
    expect(p.threads).toBe(0);
    expect(((await p.run('echo', 1).catch((e: unknown) => e)) as HttpError).status).toBe(503);
  });
});
