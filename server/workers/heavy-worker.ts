import { HEAVY_TASKS } from './heavy-tasks';
import { serveTasks } from './worker-main';

/** Entry of the heavy-work threads (server/lib/worker-pool.ts); its own bundle entry in the desktop build. */
serveTasks(HEAVY_TASKS);
