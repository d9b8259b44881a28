import type { Logger } from '../lib/logger';

export interface Job {
  name: string;
  everyMs: number;
  /** Its reads and writes go through ctx.store (the services it calls): awaited, never left running. */
  run(): void | Promise<void>;
}

/**
 * Runs background jobs on timers. Jobs read the app clock, so tests move the clock and call
 * `runNow` instead of waiting for a timer.
 */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly jobs = new Map<string, Job>();
  /** Runs in progress: `stop` waits for them, so none writes to a store that is closing. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly logger: Logger,
    /** Whether this server runs the jobs now (issue 43: one server on a shared store does). */
    private readonly active: () => boolean = () => true,
  ) {}

  add(job: Job): void {
    this.jobs.set(job.name, job);
    const timer = setInterval(() => {
      if (this.active()) void this.runNow(job.name);
    }, job.everyMs);
    timer.unref();
    this.timers.push(timer);
  }

  async runNow(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    const run = this.runLogged(name, job);
    this.inFlight.add(run);
    try {
      await run;
    } finally {
      this.inFlight.delete(run);
    }
  }

  private async runLogged(name: string, job: Job): Promise<void> {
    try {
      await job.run();
    } catch (err) {
      this.logger.error(`job ${name} failed`, { err });
    }
  }

  /** No more runs start; resolves once the runs in progress have finished (before the store closes). */
  async stop(): Promise<void> {
    this.timers.forEach((t) => clearInterval(t));
    await Promise.all([...this.inFlight]);
  }
}
