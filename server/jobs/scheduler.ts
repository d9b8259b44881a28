import type { Logger } from '../lib/logger';

export interface Job {
  name: string;
  everyMs: number;
  run(): void | Promise<void>;
}

/**
 * Runs background jobs on timers. Jobs read the app clock, so tests move the clock and call
 * `runNow` instead of waiting for a timer.
 */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly logger: Logger) {}

  add(job: Job): void {
    this.jobs.set(job.name, job);
    const timer = setInterval(() => void this.runNow(job.name), job.everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  async runNow(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    try {
      await job.run();
    } catch (err) {
      this.logger.error(`job ${name} failed`, { err });
    }
  }

  stop(): void {
    this.timers.forEach((t) => clearInterval(t));
  }
}
