import os from 'node:os';
import type { HostStarter } from '../lib/task-host';
import { startPlainProcess } from '../lib/thread-bundle';
import { heavyWorkerEntry, workerEntry } from './entries';
import type { HeavyTasks, WiresTasks } from './heavy-tasks';
import { JobPool, type JobPoolOptions } from './job-pool';
import { HostRunner, PoolThreads } from './job-runners';
import type { OutputTasks } from './output-io';

export type HeavyPool = JobPool<HeavyTasks>;
export type WiresReader = JobPool<WiresTasks>;
export type OutputsPool = JobPool<OutputTasks>;

/**
 * A bulk check of 10 000 rows takes about a second on a 2-core MCR PC, an installer's hashes a few;
 * two minutes means the thread is stuck, and it is stopped so the next task gets a new one.
 */
export const HEAVY_TASK_TIMEOUT_MS = 120_000;

/**
 * The heavy jobs: one core stays the air thread's; at least one thread, at most 4. 16 tasks may
 * wait; a station runs at most half the threads' worth (at least one) and waits for 8 more.
 */
export function createHeavyPool(entry: URL = heavyWorkerEntry(import.meta.url)): HeavyPool {
  const size = Math.max(1, Math.min(4, os.cpus().length - 1));
  return new JobPool({
    runner: new PoolThreads(entry, { size, concurrency: 1 }),
    slots: size,
    maxQueue: 16,
    perStation: Math.max(1, Math.ceil(size / 2)),
    waitingPerStation: 8,
    timeoutMs: HEAVY_TASK_TIMEOUT_MS,
  });
}

/**
 * The wires reader (issue 26): a process of its own, apart from the heavy threads, that fetches and
 * parses polled feeds. Fetches wait on agencies' servers, so it runs several at once (a slow feed
 * holds only itself); parses inside it run one at a time (server/workers/feed-read.ts). Apart so
 * that feeds never take the thread a bulk import or an upload waits for, so that the 2.4 MB bodies
 * never pass through the air thread, and — a process, not a thread — so that its garbage
 * collection runs on its own lowered-priority threads, not on the server's (as a thread's did).
 * A station reads at most 8 feeds at once and 8 more wait (READER_SHARE); a read is given up on
 * after WIRES_READ_TIMEOUT_MS and the reader is then started anew.
 */
export function createWiresReader(
  entry: URL = heavyWorkerEntry(import.meta.url),
  host: HostStarter = startPlainProcess,
): WiresReader {
  return new JobPool({
    runner: new HostRunner(() => host(entry, null)),
    ...READER_SHARE,
    timeoutMs: WIRES_READ_TIMEOUT_MS,
  });
}

/**
 * A read's backstop: its fetch has its own limit (10 s by default) and a parse the idle thread does
 * not finish in 5 s is done in place, but parses run one at a time, so on a loaded 2-core PC 8
 * feeds of 2.4 MB took up to 59 s to come back (bench `--only wires`, 28 Nov 2026).
 */
export const WIRES_READ_TIMEOUT_MS = 180_000;

/**
 * The reader's 16 places shared out per station (issue 37). 8 each: a station's 8 feeds still poll
 * at once (bench/wires.ts), and one station can never take more than half the reader; 8 more of its
 * reads may wait their turn, 16 in all.
 */
export const READER_SHARE = { slots: 16, maxQueue: 16, perStation: 8, waitingPerStation: 8 } as const;

/**
 * The outputs thread's limits (issue 37). A task (a send or a Test, connect included) is given up
 * after 10 s: above the drivers' own 4 s per step (integrations/outputs/output-driver.ts), so it
 * is a backstop that frees the place even if a driver never settles (the thread is then started
 * anew, and every driver reconnects at its next send). A station holds at most 32 tasks (running
 * and waiting) of the 256 the thread runs at once: a station's lanes have one send each in flight,
 * so 32 is room for far more outputs than a station drives plus its Tests, and eight stations at
 * their cap still leave the thread to everyone else.
 */
export const OUTPUT_TASK_TIMEOUT_MS = 10_000;
export const OUTPUT_TASKS_PER_STATION = 32;
export const OUTPUTS_BUSY_MESSAGE =
  'Too many device calls of this station are waiting (a device is not answering); try again in a few seconds';

/**
 * The outputs thread (issue 25): the CasparCG, OBS and vMix drivers' connections, encoding and
 * replies, off the air thread (integrations/outputs/remote-driver.ts). Sends wait on devices, so
 * it runs many at once; it is air too, so it keeps normal priority (worker-main.ts). Shared by
 * every station: each task carries its station (remote-driver.ts).
 */
export function createOutputsPool(
  entry: URL = workerEntry(import.meta.url, 'outputs-worker'),
  limits: Partial<Pick<JobPoolOptions, 'timeoutMs' | 'perStation'>> = {},
): OutputsPool {
  const perStation = limits.perStation ?? OUTPUT_TASKS_PER_STATION;
  return new JobPool({
    runner: new PoolThreads(entry, { size: 1, concurrency: 256, workerData: { air: true } }),
    slots: 256,
    maxQueue: 256,
    perStation,
    // Running and waiting together at most `perStation`: a hung device's calls run at once, none waits behind them.
    waitingPerStation: 0,
    timeoutMs: limits.timeoutMs ?? OUTPUT_TASK_TIMEOUT_MS,
    stationBusyMessage: OUTPUTS_BUSY_MESSAGE,
  });
}

export { BUILT_ENTRY, heavyWorkerEntry, workerEntry } from './entries';
