import fs from 'node:fs';

/** utime + stime of a thread (tid = pid: the main, air thread) or, without tid, of the whole process, in ms (Linux /proc). */
export function cpuMs(pid: number, tid?: number): number {
  const stat = fs.readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
}
const CLOCK_TICKS = 100; // USER_HZ: getconf CLK_TCK on Linux

/**
 * The server's CPU summed over spans of a bench (the air thread and the whole process): less
 * sensitive than latency to a loaded machine. Without a pid nothing is measured.
 */
export class ServerCpu {
  airMs = 0;
  processMs = 0;

  constructor(readonly pid?: number) {}

  /** Starts a span; calling what it returns adds the span's CPU to the totals. */
  start(): () => void {
    const pid = this.pid;
    if (pid === undefined) return () => undefined;
    const [air, all] = [cpuMs(pid, pid), cpuMs(pid)];
    return () => {
      this.airMs += cpuMs(pid, pid) - air;
      this.processMs += cpuMs(pid) - all;
    };
  }

  async during<T>(work: () => Promise<T>): Promise<T> {
    const stop = this.start();
    try {
      return await work();
    } finally {
      stop();
    }
  }

  /** `{ airCpuMs, processCpuMs }` when measured, else nothing (spread into a result). */
  totals(): { airCpuMs?: number; processCpuMs?: number } {
    return this.pid === undefined ? {} : { airCpuMs: this.airMs, processCpuMs: this.processMs };
  }
}
