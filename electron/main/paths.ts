import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app } from 'electron';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the host finds what it runs and shows, in a dev build (out/) and in the installed app. */
export function resourcePaths(): {
  serverEntry: string;
  restoreEntry: string;
  migrationsDir: string;
  webDir: string;
  preload: string;
  icon: string;
} {
  return {
    // Built by electron-vite next to main (its own bundle: electron.vite.config.ts).
    serverEntry: path.join(here, 'server.js'),
    // The first-run screen's restore (server/desktop-restore-entry.ts), built beside it.
    restoreEntry: path.join(here, 'restore.js'),
    // Packaged: migrations are copied to resources/ by electron-builder (extraResources).
    migrationsDir: app.isPackaged
      ? path.join(process.resourcesPath, 'migrations')
      : path.join(here, '../../server/db/migrations'),
    webDir: path.join(here, '../renderer'),
    preload: path.join(here, '../preload/index.cjs'),
    icon: app.isPackaged ? path.join(process.resourcesPath, 'icon.png') : path.join(here, '../../build/icon.png'),
  };
}
