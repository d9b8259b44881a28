import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The heavy jobs' entry in the desktop bundle: its own entry next to out/main/server.js (electron.vite.config.ts). */
export const BUILT_ENTRY = 'heavy-worker.js';

/** The job entries of server/workers, each its own bundle entry in the desktop build. */
export type WorkerName = 'heavy-worker' | 'outputs-worker' | 'cg-file-worker';

/**
 * Where a job entry of server/workers is for the module at `hostUrl`: the source file next to this
 * one under tsx (`npm start`, tests, benches), the plain build the code runs in, or the bundle's
 * own `<name>.js` beside the built server (the desktop's utilityProcess cannot fork a Node child —
 * the RunAsNode fuse is off — but worker threads need no fuse).
 */
export function workerEntry(hostUrl: string, name: WorkerName): URL {
  const file = fileURLToPath(hostUrl);
  if (file.endsWith('.ts')) return pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), `${name}.ts`));
  // Inside a plain build (lib/thread-bundle.ts writes them as .mjs, from source): the build is the
  // entry of its own threads — the wires reader starts its parse thread from its own file, whether
  // that is heavy-worker's build or a test worker's that serves the same tasks.
  if (file.endsWith('.mjs')) return new URL(hostUrl);
  // The bundle puts code shared by several entries in out/main/chunks/: the entries are one up.
  const dir = path.basename(path.dirname(file)) === 'chunks' ? path.dirname(path.dirname(file)) : path.dirname(file);
  return pathToFileURL(path.join(dir, `${name}.js`));
}

/** The heavy jobs' entry for the module at `hostUrl` (workerEntry). */
export const heavyWorkerEntry = (hostUrl: string): URL => workerEntry(hostUrl, 'heavy-worker');
