import { HttpError } from './errors';
import { serveTasks } from '../workers/worker-main';

/** Tasks for server/lib/worker-pool.test.ts: an answer, a refusal, a wait, a task that never answers, a crash. */
serveTasks({
  echo: (v: unknown) => v,
  refuse: (message: string) => {
    throw new HttpError(400, message);
  },
  wait: (ms: number) => new Promise((resolve) => setTimeout(() => resolve(ms), ms)),
  // What a driver stuck on a peer that never answers looks like from the pool.
  hang: () => new Promise(() => undefined),
  crash: () => process.exit(3),
  threadId: async () => (await import('node:worker_threads')).threadId,
});
