import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** Nice 10 on Linux; below normal on Windows. */
const TASK_NICE = 10;

/**
 * For the bench only (bench/priority-ab.ts): every piece of this file turned off, to measure what
 * it still buys (docs/performance.md "One job runner"). Never set in a station.
 */
const PRIORITY_OFF = process.env.CGB_BENCH_NO_PRIORITY === '1';

/**
 * How a pool thread or task process gives way to air (2 cores: a CG write and a 10 000-row check):
 * - a thread on Linux lowers itself (setpriority(0) changes only the calling thread). On Windows
 *   and macOS the same call changes the whole process — air included — so a thread does not make
 *   it there and relies on not sharing the event loop;
 * - a task process (the wires reader) lowers all of itself, its GC threads included, on every OS;
 * - `idle`: a thread whose work has a fallback elsewhere (the reader's parse thread) also becomes
 *   SCHED_IDLE on Linux (idleThreadOnLinux).
 */
export function lowerOwnPriority(kind: 'thread' | 'process', idle = false): void {
  if (PRIORITY_OFF) return;
  if (kind === 'process') lowerProcessPriority();
  else if (process.platform === 'linux') {
    lowerPriority(0);
    if (idle) idleThreadOnLinux();
  }
}

/** Work for air (the outputs thread: `workerData.air`) keeps normal priority; everything else is lowered. */
export function isAirWork(workerData: unknown): boolean {
  return (workerData as { air?: boolean } | null)?.air === true;
}

/**
 * A task process lowered by the server that started it, as soon as it is forked (Linux: its first
 * thread, so the threads Node and V8 start after that inherit nice 10; elsewhere: its whole
 * process). Until it lowered itself (lowerOwnPriority, once its modules were loaded) its start-up
 * ran at normal priority beside air, against this file's rule (fixed 27 Nov 2026).
 */
export function lowerStartedProcess(pid: number | undefined, workerData: unknown): void {
  if (pid && !PRIORITY_OFF && !isAirWork(workerData)) lowerPriority(pid);
}

function lowerPriority(tid: number): void {
  try {
    os.setPriority(tid, TASK_NICE);
  } catch {
    // Not allowed in this sandbox, or the thread has ended: it runs at normal priority.
  }
}

/**
 * A task process yields entirely. Windows: the call sets the whole process's class (below
 * normal; Windows runs a ready thread of a higher class first, so this is already strict). Linux:
 * a nice value is per thread, and V8's GC and compiler threads were started before this code ran,
 * so each of the process's threads is lowered; threads started later inherit it.
 */
function lowerProcessPriority(): void {
  if (process.platform !== 'linux') return lowerPriority(0);
  let tids: string[] = [];
  try {
    tids = fs.readdirSync('/proc/self/task');
  } catch {
    // No /proc: only this thread.
  }
  if (tids.length === 0) lowerPriority(0);
  for (const tid of tids) lowerPriority(Number(tid));
}

/**
 * Linux's nice is a share, not an order: a nice-10 thread mid-parse kept its core for the rest of
 * its time slice each time a thread of the server woke (a CG file write is five such wake-ups; it
 * took 2–4 ms instead of 1 at its 80th–95th percentile while 8 feeds polled; bench/wires.ts).
 * SCHED_IDLE runs the thread only on a core nothing else wants, and a waking thread takes the core
 * at once. For the calling thread only (its id is the last part of /proc/thread-self), with chrt
 * (util-linux, on every Debian/Ubuntu; Node has no call for the policy). Threads it starts inherit
 * it. Without chrt, or where it is refused, the thread stays at nice 10. Since such a thread can
 * starve on a busy machine, only work with a fallback runs there (idle-parse.ts).
 */
function idleThreadOnLinux(): void {
  let tid: string;
  try {
    tid = fs.readlinkSync('/proc/thread-self').split('/').pop() ?? '';
  } catch {
    return;
  }
  if (!/^\d+$/.test(tid)) return;
  try {
    execFileSync('chrt', ['--idle', '--pid', '0', tid], { stdio: 'ignore', timeout: 5_000 });
  } catch {
    // No chrt, or not allowed: nice 10 it is.
  }
}
