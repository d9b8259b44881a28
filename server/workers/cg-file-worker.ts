import { replaceCgFiles } from './cg-file-io';
import { serveTasks } from './worker-main';

/**
 * Entry of the CG files thread (integrations/cg-writer/cg-file-thread.ts): only the file writes of
 * air, so the thread loads none of the heavy work's libraries. Its own bundle entry in the desktop
 * build (electron.vite.config.ts), beside server.js.
 */
serveTasks({ 'cg.replace': replaceCgFiles });
