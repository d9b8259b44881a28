import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Transferable } from 'node:worker_threads';
import { startProcess, type HostStarter } from '../lib/task-host';
import { WorkerPool, type TaskOptions, type WorkerPoolOptions } from '../lib/worker-pool';
import type { HeavyTaskInput, HeavyTaskName, HeavyTaskOutput } from './heavy-tasks';

/** The heavy worker in the desktop bundle: its own entry next to out/main/server.js (electron.vite.config.ts). */
export const BUILT_ENTRY = 'heavy-worker.js';

/**
 * Where a thread entry of server/workers is for the module at `hostUrl`: the source file next to
 * this one under tsx (`npm start`, tests, benches), the plain build the code runs in, or the
 * bundle's own `<name>.js` beside the built server (the desktop's utilityProcess cannot fork a
 * Node child — the RunAsNode fuse is off — but worker threads need no fuse).
 */
export function workerEntry(hostUrl: string, name: 'heavy-worker' | 'cg-file-worker'): URL {
  const file = fileURLToPath(hostUrl);
  if (file.endsWith('.ts')) return pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), `${name}.ts`));
  // Inside a plain build (lib/thread-bundle.ts writes them as .mjs, from source): the build is the
  // entry of its own threads — the wires reader starts its parse thread from its own file, whether
  // that is heavy-worker's build or a test worker's that serves the same tasks.
  if (file.endsWith('.mjs')) return new URL(hostUrl);
  return pathToFileURL(path.join(path.dirname(file), `${name}.js`));
}

/** The heavy worker's entry for the module at `hostUrl` (workerEntry). */
export const heavyWorkerEntry = (hostUrl: string): URL => workerEntry(hostUrl, 'heavy-worker');

/** Threads: one core stays the air thread's; at least one worker, at most 4. 16 tasks may wait. */
export function createHeavyPool(entry: URL = heavyWorkerEntry(import.meta.url)): HeavyPool {
  return new HeavyPool({ entry, size: Math.max(1, Math.min(4, os.cpus().length - 1)), maxQueue: 16 });
}

/**
 * The wires reader (issue 26): a process of its own, apart from the heavy pool, that fetches and
 * parses polled feeds. Fetches wait on agencies' servers, so it runs several at once (a slow feed
 * holds only itself); parses inside it run one at a time (server/workers/feed-read.ts). Apart so
 * that feeds never take the thread a bulk import or an upload waits for, so that the 2.4 MB bodies
 * never pass through the air thread, and — a process, not a thread — so that its garbage
 * collection runs on its own lowered-priority threads, not on the server's (as a thread's did).
 */
export function createWiresPool(entry: URL = heavyWorkerEntry(import.meta.url), host: HostStarter = startProcess): HeavyPool {
  return new HeavyPool({ entry, size: 1, concurrency: 16, maxQueue: 16, host });
}

/**
 * The outputs thread's limits (issue 37). A task (a send or a Test, connect included) is given up
 * after 10 s: above the drivers' own 4 s per step (integrations/outputs/output-driver.ts), so it
 * is a backstop that frees the slot even if a driver never settles. A station holds at most 32
 * tasks (running and queued) of the 256 the thread runs at once: a station's lanes have one send
 * each in flight, so 32 is room for far more outputs than a station drives plus its Tests, and
 * eight stations at their cap still leave the thread's queue to everyone else.
 */
export const OUTPUT_TASK_TIMEOUT_MS = 10_000;
export const OUTPUT_TASKS_PER_STATION = 32;
export const OUTPUTS_BUSY_MESSAGE = 'Too many device calls of this station are waiting (a device is not answering); try again in a few seconds';

/**
 * The outputs thread (issue 25): the CasparCG, OBS and vMix drivers' connections, encoding and
 * replies, off the air thread (integrations/outputs/remote-driver.ts). Sends wait on devices, so
 * it runs many at once; it is air too, so it keeps normal priority (worker-main.ts). Shared by
 * every station: each task carries its station (remote-driver.ts), and no station may hold more
 * than its share of it, nor hold a task for good.
 */
export function createOutputsPool(entry: URL = heavyWorkerEntry(import.meta.url), limits: Pick<WorkerPoolOptions, 'taskTimeoutMs' | 'perGroup'> = {}): HeavyPool {
  return new HeavyPool({
    entry,
    size: 1,
    concurrency: 256,
    maxQueue: 256,
    workerData: { air: true },
    taskTimeoutMs: OUTPUT_TASK_TIMEOUT_MS,
    perGroup: OUTPUT_TASKS_PER_STATION,
    groupBusyMessage: OUTPUTS_BUSY_MESSAGE,
    ...limits,
  });
}

/** The pool with the heavy tasks' names and types (server/workers/heavy-tasks.ts). */
export class HeavyPool extends WorkerPool {
  /**
   * `transfer`: buffers of the input handed to the thread instead of copied (they are unusable
   * here after); `options`: whose task it is and its limit (WorkerPool.run).
   */
  task<N extends HeavyTaskName>(name: N, input: HeavyTaskInput<N>, transfer: Transferable[] = [], options?: TaskOptions): Promise<HeavyTaskOutput<N>> {
    return this.run<HeavyTaskOutput<N>>(name, input, transfer, options);
  }
}
