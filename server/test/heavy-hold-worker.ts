import { HEAVY_TASKS } from '../workers/heavy-tasks';
import { serveTasks } from '../workers/worker-main';

/**
 * The heavy worker with one more task for tests: `hold` keeps its thread until the test sets the
 * shared flag (Atomics), so a test can fill the pool's threads and queue exactly, then let go.
 */
serveTasks({
  ...HEAVY_TASKS,
  hold: (flag: Int32Array) => {
    Atomics.wait(flag, 0, 0);
    return null;
  },
});
