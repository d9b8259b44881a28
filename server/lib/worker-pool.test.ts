import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { GROUP_BUSY_MESSAGE, POOL_BUSY_MESSAGE, WorkerPool, type WorkerPoolOptions } from './worker-pool';
import { startFakeCasparcg } from '../test/fake-casparcg';
import { BUILT_ENTRY, createHeavyPool, createOutputsPool, heavyWorkerEntry, OUTPUT_TASKS_PER_STATION, OUTPUTS_BUSY_MESSAGE } from '../workers/heavy-pool';

const entry = new URL('./worker-pool.test-worker.ts', import.meta.url);
const pools: WorkerPool[] = [];
const pool = (size = 1, maxQueue = 2, concurrency = 1, more: Partial<WorkerPoolOptions> = {}) => {
  const p = new WorkerPool({ entry, size, maxQueue, concurrency, ...more });
  pools.push(p);
  return p;
};

/** The promise's outcome (value or error), or 'still waiting' after `ms`: a task that never settles fails the test instead of hanging it. */
const settledWithin = (p: Promise<unknown>, ms: number): Promise<unknown> =>
  Promise.race([p.then((v) => v, (e: unknown) => e), new Promise((r) => setTimeout(() => r('still waiting'), ms))]);

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('WorkerPool', () => {
  it('runs tasks on a worker thread and answers their values', async () => {
    const p = pool();
    expect(await p.run('echo', { a: [1, 'two'] })).toEqual({ a: [1, 'two'] });
    expect(await p.run<number>('threadId', null)).toBeGreaterThan(0);
  });

  it('gives an HttpError thrown in the worker back as the same status and message', async () => {
    const err = await pool()
      .run('refuse', 'csvData: No valid data found in CSV')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect([(err as HttpError).status, (err as HttpError).message]).toEqual([400, 'csvData: No valid data found in CSV']);
  });

  it('refuses with 503 and Retry-After when the queue is full, and runs what it took', async () => {
    const p = pool(1, 2);
    const running = p.run('wait', 200); // on the thread
    const queued = [p.run('wait', 1), p.run('wait', 2)]; // the queue is full now
    const refused = await p.run('wait', 3).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect([(refused as HttpError).status, (refused as HttpError).message, (refused as HttpError).retryAfterSeconds]).toEqual([503, POOL_BUSY_MESSAGE, 5]);
    expect(await Promise.all([running, ...queued])).toEqual([200, 1, 2]);
  });

  it('says when it is full and counts the tasks its threads answered, by name', async () => {
    const p = pool(1, 1);
    const running = p.run('wait', 100); // on the thread
    expect(p.full).toBe(false);
    const queued = p.run('wait', 1);
    expect(p.full).toBe(true);
    await Promise.all([running, queued, p.run('echo', 1).catch(() => null)]);
    expect(p.full).toBe(false);
    expect([p.answered.get('wait'), p.answered.get('echo')]).toEqual([2, undefined]);
  });

  it('fails only the task whose thread crashed, and starts a new thread for the next', async () => {
    const p = pool(1, 4);
    const first = await p.run<number>('threadId', null);
    const crashed = p.run('crash', null).catch((e: unknown) => e);
    const after = p.run<number>('threadId', null);
    const err = await crashed;
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/Heavy work failed/);
    expect(await after).not.toBe(first);
    expect(p.threads).toBe(1);
  });

  it('with concurrency, one thread runs several waiting tasks at once (a slow one holds only itself)', async () => {
    const p = pool(1, 1, 4);
    let slowDone = false;
    const slow = p.run('wait', 400).then((v) => ((slowDone = true), v));
    const quick = await Promise.all([p.run('wait', 50), p.run('wait', 60), p.run('wait', 70)]);
    // Answered while the 400 ms task still runs on the same thread: not queued behind it.
    expect(quick).toEqual([50, 60, 70]);
    expect(slowDone).toBe(false);
    expect(p.threads).toBe(1);
    // Four running, one queued: the next is refused.
    const more = [p.run('wait', 10), p.run('wait', 10), p.run('wait', 10), p.run('wait', 10)];
    expect(p.full).toBe(true);
    expect(await slow).toBe(400);
    await Promise.all(more);
  });

  it('with concurrency, a crash fails every task of that thread and no other', async () => {
    const p = pool(1, 4, 3);
    const waiting = [p.run('wait', 5_000).catch((e: unknown) => e), p.run('crash', null).catch((e: unknown) => e)];
    const errors = await Promise.all(waiting);
    for (const err of errors) expect((err as Error).message).toMatch(/Heavy work failed/);
    expect(await p.run('echo', 'next')).toBe('next');
  });

  it('warm starts one thread ahead of the first task (once), which then runs on it; a closed pool starts none', async () => {
    const p = pool(2, 4);
    p.warm();
    p.warm();
    expect(p.threads).toBe(1);
    const id = await p.run<number>('threadId', null);
    expect(await p.run<number>('threadId', null)).toBe(id);
    expect(p.threads).toBe(1);
    await p.close();
    p.warm();
    expect(p.threads).toBe(0);
  });

  it('a task past its limit rejects with a clear 503 and gives its slot back at once; its late answer is ignored', async () => {
    // One thread, one task at a time, one queued at most: a task that never answers held it for good.
    const p = pool(1, 1, 1, { taskTimeoutMs: 150 });
    // Limits below count from run(): the thread is loaded first, and the tasks meant to answer get room.
    const roomy = { timeoutMs: 20_000 };
    await p.run('echo', 'loaded', [], roomy);
    const hung = await settledWithin(p.run('hang', null), 3_000);
    expect(hung).toBeInstanceOf(HttpError);
    expect([(hung as HttpError).status, (hung as HttpError).message]).toEqual([503, 'The server gave up on hang after 0.15 s without an answer; try again in a few seconds']);
    // The slot is free: the next tasks run (one at a time, as before).
    expect(await settledWithin(p.run('echo', 'after', [], roomy), 3_000)).toBe('after');
    // A caller's own limit wins over the pool's; the answer that comes after it is dropped.
    const late = await settledWithin(p.run('wait', 400, [], { timeoutMs: 50 }), 3_000);
    expect((late as HttpError).message).toMatch(/gave up on wait after 0.05 s/);
    await new Promise((r) => setTimeout(r, 500));
    expect(p.answered.get('wait')).toBeUndefined();
    expect(await p.run('echo', 'still fine', [], roomy)).toBe('still fine');
  });

  it('a task waiting in the queue past its limit leaves the queue', async () => {
    const p = pool(1, 1, 1);
    const running = p.run('wait', 300);
    const queued = settledWithin(p.run('echo', 'never ran', [], { timeoutMs: 50 }), 3_000);
    expect(((await queued) as HttpError).status).toBe(503);
    expect(p.full).toBe(false);
    expect(await running).toBe(300);
  });

  it('per group: a group at its share is refused alone (503), every other group and ungrouped work go on; the share comes back as its tasks end', async () => {
    const p = pool(1, 8, 8, { perGroup: 2 });
    const a = [p.run('hang', null, [], { group: 1, timeoutMs: 300 }), p.run('hang', null, [], { group: 1, timeoutMs: 300 })];
    for (const t of a) void t.catch(() => undefined);
    const refused = (await p.run('echo', 'third', [], { group: 1 }).catch((e: unknown) => e)) as HttpError;
    expect([refused.status, refused.message, refused.retryAfterSeconds]).toEqual([503, GROUP_BUSY_MESSAGE, 5]);
    expect(p.load(1)).toBe(2);
    expect(await settledWithin(p.run('echo', 'station 2', [], { group: 2 }), 3_000)).toBe('station 2');
    expect(await settledWithin(p.run('echo', 'nobody’s'), 3_000)).toBe('nobody’s');
    // The hung ones end at their limit; the group may run again.
    await Promise.all(a.map((t) => t.catch(() => undefined)));
    expect(p.load(1)).toBe(0);
    expect(await p.run('echo', 'again', [], { group: 1 })).toBe('again');
  });

  it('leaves no thread running after close, and refuses later work with 503', async () => {
    const p = pool(2, 4);
    await Promise.all([p.run('wait', 20), p.run('wait', 20)]);
    expect(p.threads).toBe(2);
    await p.close();
    expect(p.threads).toBe(0);
    expect(((await p.run('echo', 1).catch((e: unknown) => e)) as HttpError).status).toBe(503);
  });
});

describe('the heavy worker entry', () => {
  it('is the source file under tsx and heavy-worker.js beside the built server in the desktop bundle', () => {
    const source = heavyWorkerEntry(pathToFileURL(path.resolve('server/desktop-entry.ts')).href);
    expect(fs.existsSync(source)).toBe(true);
    const built = heavyWorkerEntry(pathToFileURL(path.resolve('out/main/server.js')).href);
    expect(built.href).toBe(pathToFileURL(path.resolve('out/main', BUILT_ENTRY)).href);
  });

  it('inside a plain build (from source: lib/thread-bundle.ts) is that build itself, also a test worker’s', () => {
    for (const name of ['heavy-worker', 'heavy-hold-worker']) {
      const build = pathToFileURL(path.resolve(`node_modules/.cache/cg-bridge/${name}-0123456789abcdef.mjs`)).href;
      expect(heavyWorkerEntry(build).href).toBe(build);
    }
  });

  it('the outputs thread as the server builds it: a station’s hung CasparCG tasks are capped at its share and given up at the limit; another station’s Test answers', async () => {
    const hung = await startFakeCasparcg();
    const healthy = await startFakeCasparcg();
    hung.mode = 'hang';
    // Only the limit shortened (the server's is 10 s); the cap, the thread and the drivers are production's.
    const p = createOutputsPool(undefined, { taskTimeoutMs: 500 });
    pools.push(p);
    try {
      // The thread loaded first (a cold start on a busy machine may take longer than the limit).
      await p.task('outputs.close', 0, [], { timeoutMs: 20_000 });
      const output = (port: number) => ({ kind: 'casparcg' as const, config: { host: '127.0.0.1', port, channel: 1, layer: 20, template: 't', types: [] } });
      const stuck = Array.from({ length: OUTPUT_TASKS_PER_STATION + 5 }, (_, i) => p.task('outputs.probe', { key: i + 1, output: output(hung.port) }, [], { group: 1 }).catch((e: unknown) => e));
      const answer = await settledWithin(p.task('outputs.probe', { key: 1_000, output: output(healthy.port) }, [], { group: 2 }), 5_000);
      expect(answer).toEqual({ ok: true, value: 'CasparCG 2.3.0 b1234 Stable answered' });
      // Past the cap, refused at once; the rest given up at the limit (the drivers' own 4 s never came into it).
      const outcomes = (await settledWithin(Promise.all(stuck), 3_000)) as HttpError[];
      expect(outcomes).not.toBe('still waiting');
      expect(outcomes.slice(OUTPUT_TASKS_PER_STATION).map((e) => e.message)).toEqual(Array(5).fill(OUTPUTS_BUSY_MESSAGE));
      expect(outcomes.slice(0, OUTPUT_TASKS_PER_STATION).every((e) => e.status === 503 && /gave up on outputs.probe after 0.5 s/.test(e.message))).toBe(true);
      // Every slot of the hung station is back.
      expect(p.load(1)).toBe(0);
    } finally {
      await p.close();
      await hung.close();
      await healthy.close();
    }
  });

  it('checks a bulk upload on a worker thread', async () => {
    const p = createHeavyPool();
    pools.push(p);
    const checked = await p.task('equipment.bulkCheck', Buffer.from(JSON.stringify({ csvData: [{ name: 'Tripod', code: 'T-1', location: 'Store' }, { name: 'x' }] })));
    expect(checked.chunks.map((c) => c.lines)).toEqual([[2]]);
    expect(checked.errors.map((e) => e.row)).toEqual([3]);
    const bad = (await p.task('equipment.bulkCheck', Buffer.from('{"csvData": [')).catch((e: unknown) => e)) as HttpError;
    expect([bad.status, bad.message]).toEqual([400, 'Malformed JSON body']);
  });
});
