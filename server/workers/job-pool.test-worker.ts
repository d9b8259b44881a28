import { threadId } from 'node:worker_threads';
import { HttpError } from '../lib/errors';
import { jobHandler } from './worker-main';

/** Tasks for job-pool.test.ts: an answer, a refusal, a wait, a task that never answers, a crash. */
export default jobHandler({
  echo: (v: unknown) => v,
  refuse: (message: string) => {
    throw new HttpError(400, message);
  },
  wait: (ms: number) => new Promise((resolve) => setTimeout(() => resolve(ms), ms)),
  // What a driver stuck on a peer that never answers looks like from the pool.
  hang: () => new Promise(() => undefined),
  crash: () => process.exit(3),
  threadId: () => threadId,
});
