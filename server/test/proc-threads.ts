import fs from 'node:fs';

/** Linux's SCHED_IDLE policy number (field 41 of a thread's stat). */
export const SCHED_IDLE = 5;

/** One thread of a process: its id, nice value and scheduling policy. */
export interface ThreadPriority {
  tid: number;
  nice: number;
  policy: number;
}

/**
 * The nice value and scheduling policy of every thread of a process (Linux /proc; fields 19 and 41
 * of each thread's stat, read after the command name, which may hold spaces). Empty when the
 * process is gone.
 */
export function threadPriorities(pid: number): ThreadPriority[] {
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const threads: ThreadPriority[] = [];
  for (const tid of tids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // After ") ": state(3) ppid(4) … nice(19) … policy(41): the 17th and 39th fields from there.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.push({ tid: Number(tid), nice: Number(fields[16]), policy: Number(fields[38]) });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads;
}

/** The pids of a process's children whose command line contains `marker` (Linux /proc). */
export function childPids(pid: number, marker: string): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((tid) => fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/))
      .filter(Boolean)
      .map(Number)
      .filter((child) => commandLine(child).includes(marker));
  } catch {
    return [];
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}
