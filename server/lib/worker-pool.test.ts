import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { POOL_BUSY_MESSAGE, WorkerPool } from './worker-pool';
import { BUILT_ENTRY, createHeavyPool, heavyWorkerEntry } from '../workers/heavy-pool';

const entry = new URL('./worker-pool.test-worker.ts', import.meta.url);
const pools: WorkerPool[] = [];
const pool = (size = 1, maxQueue = 2, concurrency = 1) => {
  const p = new WorkerPool({ entry, size, maxQueue, concurrency });
  pools.push(p);
  return p;
};

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
