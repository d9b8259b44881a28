import os from 'node:os';
import { serveTasks } from '../workers/worker-main';

/**
 * A task process's entry for server/lib/task-host.test.ts: the nice value of its main thread
 * when its own code first runs — before serveTasks lowers it — and after.
 */
const niceAtStart = os.getPriority();
serveTasks({ niceAtStart: () => niceAtStart, niceNow: () => os.getPriority() });
