import { replaceCgFiles } from './cg-file-io';
import { serveTasks } from './worker-main';

/** The CG files thread's tasks: only the file writes of air. */
export const CG_FILE_TASKS = { 'cg.replace': replaceCgFiles };

/**
 * Entry of the CG files thread (integrations/cg-writer/cg-file-thread.ts), started by a task host
 * so that it loads none of the heavy work's libraries. Its own bundle entry in the desktop build
 * (electron.vite.config.ts), beside server.js.
 */
serveTasks(CG_FILE_TASKS);
