import { isMainThread } from 'node:worker_threads';
import { HEAVY_TASKS, WIRES_TASKS } from './heavy-tasks';
import { jobHandler, serveTasks } from './worker-main';

/**
 * Entry of the heavy jobs (heavy-tasks.ts), its own bundle entry in the desktop build: on the pool
 * library's threads (job-pool.ts) it answers HEAVY_TASKS; started as a process of its own it is the
 * wires reader (heavy-pool.ts createWiresReader), whose parse thread loads this file again.
 */
if (isMainThread) serveTasks(WIRES_TASKS);

export default jobHandler(HEAVY_TASKS);
