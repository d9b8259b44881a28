import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import { RENDERER_INPUT, rendererConfig } from './renderer/vite.config';

const root = dirname(fileURLToPath(import.meta.url));

/** Desktop build: main (+ server.js, the server it runs in a utilityProcess), preload (small typed bridge), renderer. */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // server.js: the server's own bundle, run by main in a utilityProcess (electron/main/server-supervisor.ts).
      // heavy-worker.js, outputs-worker.js: the server's job threads and its wires reader process
      // (server/workers/job-pool.ts), found beside server.js.
      rollupOptions: {
        input: {
          index: resolve(root, 'electron/main/index.ts'),
          server: resolve(root, 'server/desktop-entry.ts'),
          // restore.js: the first-run screen's "Restore from a backup" (electron/main/first-run-restore.ts).
          restore: resolve(root, 'server/desktop-restore-entry.ts'),
          'heavy-worker': resolve(root, 'server/workers/heavy-worker.ts'),
          'outputs-worker': resolve(root, 'server/workers/outputs-worker.ts'),
          // cg-file-worker.js: the CG files thread (server/integrations/cg-writer/cg-file-thread.ts), also beside server.js.
          'cg-file-worker': resolve(root, 'server/workers/cg-file-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads must be CommonJS.
      rollupOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    ...rendererConfig,
    build: {
      ...rendererConfig.build,
      rollupOptions: { input: RENDERER_INPUT },
    },
  },
});
