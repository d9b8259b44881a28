import fs from 'node:fs';

/**
 * The nice value of every thread of a process (Linux /proc; field 19 of each thread's stat, read
 * after the command name, which may hold spaces). Empty when the process is gone.
 */
export function threadNices(pid: number): number[] {
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const nices: number[] = [];
  for (const tid of tids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // After ") ": state(3) ppid(4) … priority(18) nice(19): nice is the 17th field from there.
      nices.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return nices;
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
