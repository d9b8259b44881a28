import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** Nice 10 on Linux; below normal on Windows. */
const TASK_NICE = 10;

/**
 * How a pool thread or task process gives way to air (2 cores: a CG write and a 10 000-row check):
 * - a thread on Linux lowers itself (setpriority(0) changes only the calling thread). On Windows
 *   and macOS the same call changes the whole process — air included — so a thread does not make
 *   it there and relies on not sharing the event loop;
 * - a task process (the wires reader) lowers all of itself, its GC threads included, on every OS.
 */
export function lowerOwnPriority(kind: 'thread' | 'process'): void {
  if (kind === 'process') lowerProcessPriority();
  else if (process.platform === 'linux') lowerPriority(0);
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
 * so each of the process's threads is lowered; threads started later inherit it. Then the process
 * becomes SCHED_IDLE (idleOnLinux).
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
  idleOnLinux();
}

/**
 * Linux's nice is a share, not an order: a nice-10 reader mid-parse still held a core for a moment
 * each time the server's file-write hops woke (a CG file write took 2–4 ms instead of 1 at its
 * 80th–95th percentile while 8 feeds polled; bench/wires.ts). SCHED_IDLE runs the process only on
 * a core nothing else wants, and any waking thread of air takes the core at once. Set with chrt
 * (util-linux, on every Debian/Ubuntu) for every thread, later ones inherit it; without chrt the
 * process stays at nice 10.
 */
function idleOnLinux(): void {
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore', timeout: 5_000 });
  } catch {
    // No chrt, or not allowed: nice 10 it is.
  }
}
