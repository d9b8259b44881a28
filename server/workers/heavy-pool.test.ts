import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpError } from '../lib/errors';
import { startFakeCasparcg } from '../test/fake-casparcg';
import {
  BUILT_ENTRY,
  createHeavyPool,
  createOutputsPool,
  heavyWorkerEntry,
  OUTPUT_TASKS_PER_STATION,
  OUTPUTS_BUSY_MESSAGE,
  workerEntry,
} from './heavy-pool';
import type { JobPool } from './job-pool';
import type { TaskTable } from './worker-main';

const pools: JobPool<TaskTable>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const settledWithin = (p: Promise<unknown>, ms: number): Promise<unknown> =>
  Promise.race([
    p.then(
      (v) => v,
      (e: unknown) => e,
    ),
    new Promise((r) => setTimeout(() => r('still waiting'), ms)),
  ]);

describe('the job entries', () => {
  it('are the source files under tsx and <name>.js beside the built server, also from a shared chunk of the bundle', () => {
    const source = heavyWorkerEntry(pathToFileURL(path.resolve('server/desktop-entry.ts')).href);
    expect(fs.existsSync(source)).toBe(true);
    expect(fs.existsSync(workerEntry(source.href, 'outputs-worker'))).toBe(true);
    expect(heavyWorkerEntry(pathToFileURL(path.resolve('out/main/server.js')).href).href).toBe(
      pathToFileURL(path.resolve('out/main', BUILT_ENTRY)).href,
    );
    expect(
      workerEntry(pathToFileURL(path.resolve('out/main/chunks/heavy-pool-abc.js')).href, 'outputs-worker').href,
    ).toBe(pathToFileURL(path.resolve('out/main/outputs-worker.js')).href);
  });

  it('inside a plain build (from source: lib/thread-bundle.ts) is that build itself, also a test worker’s', () => {
    for (const name of ['heavy-worker', 'heavy-hold-worker']) {
      const build = pathToFileURL(path.resolve(`node_modules/.cache/cg-bridge/${name}-0123456789abcdef.mjs`)).href;
      expect(heavyWorkerEntry(build).href).toBe(build);
    }
  });
});

describe('the pools as the server builds them', () => {
  it('the outputs thread: a station’s hung CasparCG tasks are capped at its share and given up at the limit; another station’s Test answers', async () => {
    const hung = await startFakeCasparcg();
    const healthy = await startFakeCasparcg();
    hung.mode = 'hang';
    // Only the limit shortened (the server's is 10 s); the cap, the thread and the drivers are production's.
    const p = createOutputsPool(undefined, { timeoutMs: 500 });
    pools.push(p);
    try {
      // The thread loaded first (a cold start on a busy machine may take longer than the limit).
      await p.task('outputs.close', 0, [], { timeoutMs: 20_000 });
      const output = (port: number) => ({
        kind: 'casparcg' as const,
        config: { host: '127.0.0.1', port, channel: 1, layer: 20, template: 't', types: [] },
      });
      const stuck = Array.from({ length: OUTPUT_TASKS_PER_STATION + 5 }, (_, i) =>
        p.task('outputs.probe', { key: i + 1, output: output(hung.port) }, [], { station: 1 }).catch((e: unknown) => e),
      );
      const answer = await settledWithin(
        p.task('outputs.probe', { key: 1_000, output: output(healthy.port) }, [], { station: 2 }),
        5_000,
      );
      expect(answer).toEqual({ ok: true, value: 'CasparCG 2.3.0 b1234 Stable answered' });
      // Past the cap, refused at once; the rest given up at the limit (the drivers' own 4 s never came
      // into it) — the first to reach it started the thread anew, which ended the others with it.
      const outcomes = (await settledWithin(Promise.all(stuck), 3_000)) as HttpError[];
      expect(outcomes).not.toBe('still waiting');
      expect(outcomes.slice(OUTPUT_TASKS_PER_STATION).map((e) => e.message)).toEqual(
        Array(5).fill(OUTPUTS_BUSY_MESSAGE),
      );
      expect(
        outcomes
          .slice(0, OUTPUT_TASKS_PER_STATION)
          .every(
            (e) => e.status === 503 && /gave up on outputs.probe after 0.5 s|started this work anew/.test(e.message),
          ),
      ).toBe(true);
      // Every place of the hung station is back, and the thread (started anew) answers the other station.
      expect(p.load(1)).toBe(0);
      expect(
        await settledWithin(
          p.task('outputs.probe', { key: 1_001, output: output(healthy.port) }, [], { station: 2 }),
          10_000,
        ),
      ).toEqual({ ok: true, value: 'CasparCG 2.3.0 b1234 Stable answered' });
    } finally {
      await hung.close();
      await healthy.close();
    }
  });

  it('the heavy threads check a bulk upload', async () => {
    const p = createHeavyPool();
    pools.push(p);
    const checked = await p.task(
      'equipment.bulkCheck',
      Buffer.from(JSON.stringify({ csvData: [{ name: 'Tripod', code: 'T-1', location: 'Store' }, { name: 'x' }] })),
    );
    expect(checked.chunks.map((c) => c.lines)).toEqual([[2]]);
    expect(checked.errors.map((e) => e.row)).toEqual([3]);
    const bad = (await p
      .task('equipment.bulkCheck', Buffer.from('{"csvData": ['))
      .catch((e: unknown) => e)) as HttpError;
    expect([bad.status, bad.message]).toEqual([400, 'Malformed JSON body']);
  });
});
