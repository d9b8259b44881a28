import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain } from 'electron';
import { startServer, type RunningServer } from '../../server/index';
import { lockDownNavigation } from './security';

/**
 * Desktop host for the MCR PC: runs the same server in-process (so LAN browsers and phones can
 * connect to this PC) and opens a window on it. No server logic lives here.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
let server: RunningServer | null = null;
let mainWindow: BrowserWindow | null = null;

function resourcePaths() {
  // Packaged: migrations are copied to resources/ by electron-builder (extraResources).
  const migrationsDir = app.isPackaged
    ? path.join(process.resourcesPath, 'migrations')
    : path.join(here, '../../server/db/migrations');
  return { migrationsDir, webDir: path.join(here, '../renderer') };
}

async function boot(): Promise<void> {
  const userData = app.getPath('userData');
  server = await startServer({
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '0.0.0.0',
    dataDir: path.join(userData, 'data'),
    baseDir: userData,
    ...resourcePaths(),
  });
  createWindow(`http://127.0.0.1:${server.port}`);
  const first = server.firstRun;
  if (first?.generatedPassword) {
    await dialog.showMessageBox({
      type: 'info',
      title: 'CG Bridge — first run',
      message: `Owner account created for ${first.company.name}`,
      detail: `Username: ${first.owner.username}\nPassword: ${first.generatedPassword}\n\nWrite it down: it is shown only once.`,
    });
  }
}

function createWindow(url: string): void {
  mainWindow = new BrowserWindow({
    width: 1440,
    height: 900,
    backgroundColor: '#1a1b1e',
    title: 'CG Bridge',
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
    },
  });
  lockDownNavigation(mainWindow.webContents, new URL(url).origin);
  void mainWindow.loadURL(url);
  mainWindow.on('closed', () => (mainWindow = null));
}

ipcMain.handle('app:info', () => ({ version: app.getVersion(), serverUrl: server?.url ?? null }));

if (!app.requestSingleInstanceLock()) {
  // A second copy would fight the first for port 3000 and the SQLite file.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app
    .whenReady()
    .then(boot)
    .catch((err: unknown) => {
      dialog.showErrorBox('CG Bridge failed to start', err instanceof Error ? err.message : String(err));
      app.quit();
    });
  app.on('window-all-closed', () => app.quit());
  // Quit waits for the server to stop: CG files flushed, SQLite closed (WAL checkpointed).
  app.on('before-quit', (event) => {
    const running = server;
    if (!running) return;
    event.preventDefault();
    server = null;
    void running.close().finally(() => app.quit());
  });
}
