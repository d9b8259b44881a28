import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, powerMonitor } from 'electron';
import { resourcePaths } from './paths';
import { RotatingLog } from './rotating-log';
import { lockDownNavigation } from './security';
import { ServerStartError, ServerSupervisor, type ReadyMessage } from './server-supervisor';

/**
 * Desktop host for the MCR PC. The server runs in a supervised utilityProcess (DESIGN.md §1):
 * LAN browsers and phones connect to this PC, SQLite work never blocks this window's thread, and
 * a server crash restarts the server, not the app. No server logic lives here.
 */
const TITLE = 'CG Bridge';
let supervisor: ServerSupervisor | null = null;
let mainWindow: BrowserWindow | null = null;
let serverUrl: string | null = null;

function startSupervisor(): ServerSupervisor {
  const userData = app.getPath('userData');
  const paths = resourcePaths();
  const log = new RotatingLog(path.join(userData, 'logs', 'server.log'));
  const options = {
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '0.0.0.0',
    dataDir: path.join(userData, 'data'),
    baseDir: userData,
    migrationsDir: paths.migrationsDir,
    webDir: paths.webDir,
  };
  return new ServerSupervisor(paths.serverEntry, options, log, {
    onReady: () => mainWindow?.setTitle(TITLE),
    onCrash: (code, delayMs) => {
      if (delayMs !== null) return mainWindow?.setTitle(`${TITLE} — server restarting…`);
      mainWindow?.setTitle(`${TITLE} — server stopped`);
      dialog.showErrorBox('CG Bridge server stopped', `The server exited with code ${code} several times in a row. See ${log.path}.`);
    },
  });
}

async function boot(): Promise<void> {
  supervisor = startSupervisor();
  const ready = await supervisor.start();
  serverUrl = `http://127.0.0.1:${ready.port}`;
  createWindow(serverUrl);
  await showFirstRun(ready);
}

async function showFirstRun(ready: ReadyMessage): Promise<void> {
  const first = ready.firstRun;
  if (!first?.generatedPassword) return;
  await dialog.showMessageBox({
    type: 'info',
    title: 'CG Bridge — first run',
    message: `Owner account created for ${first.companyName}`,
    detail: `Username: ${first.username}\nPassword: ${first.generatedPassword}\n\nWrite it down: it is shown only once.`,
  });
}

function createWindow(url: string): void {
  mainWindow = new BrowserWindow({
    width: 1440,
    height: 900,
    backgroundColor: '#1a1b1e',
    title: TITLE,
    webPreferences: { preload: resourcePaths().preload, contextIsolation: true, nodeIntegration: false, sandbox: true },
  });
  lockDownNavigation(mainWindow.webContents, new URL(url).origin);
  void mainWindow.loadURL(url);
  // Windows ends the session without a quit: stop the server so CG files and SQLite are complete.
  mainWindow.on('session-end', () => void supervisor?.stop());
  mainWindow.on('closed', () => (mainWindow = null));
}

ipcMain.handle('app:info', () => ({ version: app.getVersion(), serverUrl }));

/** Quit waits for the server to stop: in-flight CG writes finish, SQLite closes (WAL checkpointed). */
function quitAfterServerStops(event: { preventDefault(): void }): void {
  const running = supervisor;
  if (!running) return;
  event.preventDefault();
  supervisor = null;
  void running.stop().finally(() => app.quit());
}

if (!app.requestSingleInstanceLock()) {
  // A second copy would fight the first for the port and the SQLite file.
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
      const hint = err instanceof ServerStartError && err.code === 'EADDRINUSE' ? '\n\nAnother program uses the port.' : '';
      dialog.showErrorBox('CG Bridge failed to start', `${err instanceof Error ? err.message : String(err)}${hint}`);
      supervisor = null;
      app.quit();
    });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', quitAfterServerStops);
  // Linux/macOS shutdown: the server stops gracefully (CG files, SQLite) before the system kills us.
  powerMonitor.on('shutdown', () => void supervisor?.stop());
}
