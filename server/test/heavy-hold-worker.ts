import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread } from 'node:worker_threads';
import { HEAVY_TASKS, WIRES_TASKS } from '../workers/heavy-tasks';
import { jobHandler, serveTasks } from '../workers/worker-main';

/**
 * The heavy jobs' entry with one more task for tests: `hold` keeps its place in the pool until the
 * test creates the file it names, so a test can fill a pool's places and queue exactly, then let go.
 * A file, not shared memory: the wires reader is a process of its own (server/lib/task-host.ts).
 */
const hold = async (releaseFile: string) => {
  while (!fs.existsSync(releaseFile)) await sleep(5);
  return null;
};

if (isMainThread) serveTasks({ ...WIRES_TASKS, hold });

export default jobHandler({ ...HEAVY_TASKS, hold });
