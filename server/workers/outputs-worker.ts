import { OUTPUT_TASKS } from './output-io';
import { jobHandler } from './worker-main';

/**
 * Entry of the outputs thread (heavy-pool.ts createOutputsPool): the device drivers only, so the
 * thread loads none of the heavy jobs' libraries. Its own bundle entry in the desktop build.
 */
export default jobHandler(OUTPUT_TASKS);
