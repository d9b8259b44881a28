import path from 'node:path';
import { app, dialog, powerMonitor, type BrowserWindow, type Tray } from 'electron';
import { DesktopSettings } from './desktop-settings';
import { firstRunChoice, hasStation } from './first-run-restore';
import { registerIpcHandlers } from './ipc';
import { lanUrls } from './lan';
import {
  CLOSE_QUESTION,
  closeAnswer,
  onWindowClose,
  portQuestion,
  quitQuestion,
  type Question,
} from './operator-decisions';
import { resourcePaths } from './paths';
import { nextFreePort } from './port';
import { RotatingLog } from './rotating-log';
import { ServerStartError, ServerSupervisor, type ReadyMessage } from './server-supervisor';
import { createTray } from './tray';
import { DesktopUpdater } from './updater';
import { createMainWindow } from './window';

/**
 * Desktop host for the MCR PC. The server runs in a supervised utilityProcess (docs/design-rules.md §1):
 * LAN browsers and phones connect to this PC, SQLite work never blocks this window's thread, and
 * a server crash restarts the server, not the app. Closing the window keeps the server running
 * for the LAN (tray); quitting stops it gracefully. No server logic lives here.
 */
const TITLE = 'CG Bridge';
let settings: DesktopSettings;
let supervisor: ServerSupervisor | null = null;
let mainWindow: BrowserWindow | null = null;
let tray: Tray | null = null;
let serverPort: number | null = null;
let updateFeedPath: string | null = null;
let serverLog: RotatingLog | null = null;
let quitState: 'running' | 'confirming' | 'done' = 'running';

const localUrl = () => `http://127.0.0.1:${serverPort}`;
const lanAddress = () => lanUrls(serverPort ?? 0)[0] ?? localUrl();

function ask(q: Question, win: BrowserWindow | null = mainWindow) {
  const options = { type: 'question' as const, title: TITLE, noLink: true, ...q };
  return win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options);
}

/** One log file handle for the app's life (a server started again after a failed install reuses it). */
function hostLog(): RotatingLog {
  serverLog ??= new RotatingLog(path.join(app.getPath('userData'), 'logs', 'server.log'));
  return serverLog;
}

function startSupervisor(): ServerSupervisor {
  const userData = app.getPath('userData');
  const paths = resourcePaths();
  const log = hostLog();
  const options = {
    port: Number(process.env.PORT ?? settings.get().port ?? 3000),
    host: process.env.HOST ?? '0.0.0.0',
    dataDir: path.join(userData, 'data'),
    baseDir: userData,
    migrationsDir: paths.migrationsDir,
    webDir: paths.webDir,
  };
  return new ServerSupervisor(paths.serverEntry, options, log, {
    onReady: (ready) => {
      updateFeedPath = ready.updateFeedPath;
      mainWindow?.setTitle(TITLE);
    },
    onCrash: (code, delayMs) => {
      if (delayMs !== null) return mainWindow?.setTitle(`${TITLE} — server restarting…`);
      mainWindow?.setTitle(`${TITLE} — server stopped`);
      dialog.showErrorBox(
        'CG Bridge server stopped',
        `The server exited with code ${code} several times in a row. See ${log.path}.`,
      );
    },
  });
}

/** Starts the server; a taken port offers the next free one. Null: the operator chose to quit. */
async function startServer(running: ServerSupervisor): Promise<ReadyMessage | null> {
  for (;;) {
    try {
      return await running.start();
    } catch (err) {
      if (!(err instanceof ServerStartError && err.code === 'EADDRINUSE')) throw err;
      const next = await nextFreePort(running.port);
      const { response } = await ask(portQuestion(running.port, next), null);
      if (next === null || response !== 0) return null;
      settings.update({ port: next });
      running.port = next;
    }
  }
}

async function boot(): Promise<void> {
  settings = new DesktopSettings(path.join(app.getPath('userData'), 'desktop-settings.json'));
  const dataDir = path.join(app.getPath('userData'), 'data');
  // A new PC: start a new station or restore the lost PC's backup before the server opens a store.
  if (!hasStation(dataDir)) {
    const { migrationsDir, restoreEntry } = resourcePaths();
    await firstRunChoice({ dataDir, migrationsDir, restoreEntry, log: hostLog() });
  }
  supervisor = startSupervisor();
  const ready = await startServer(supervisor);
  if (!ready) return quitNow();
  serverPort = ready.port;
  openWindow();
  tray = createTray(resourcePaths().icon, { open: openWindow, quit: () => app.quit(), address: lanAddress });
  await showFirstRun(ready);
  startUpdater();
}

/** Self-update from this station's App Version, through its own server's feed (issue 23). */
function startUpdater(): void {
  new DesktopUpdater({
    feedUrl: () => (serverPort && updateFeedPath ? `${localUrl()}${updateFeedPath}` : null),
    log: (level, message) => serverLog?.line(level, message),
    // A hidden window (tray) would hide the box too: then it stands alone.
    ask: async (q) => (await ask(q, mainWindow?.isVisible() ? mainWindow : null)).response,
    connections: () => supervisor?.connectedClients() ?? Promise.resolve(0),
    windowOpen: () => mainWindow?.isVisible() ?? false,
    stopForInstall: confirmAndStop,
    installFailed: () => void resumeServer(),
  }).start();
}

/** The server stopped for an installer that never started comes back on its port (LAN reconnects). */
async function resumeServer(): Promise<void> {
  if (supervisor || quitState !== 'running') return;
  const running = startSupervisor();
  if (serverPort) running.port = serverPort;
  supervisor = running;
  const ready = await startServer(running).catch(() => null);
  if (!ready)
    dialog.showErrorBox(
      'CG Bridge server stopped',
      'The update could not be installed and the server did not start again. Restart CG Bridge.',
    );
}

async function showFirstRun(ready: ReadyMessage): Promise<void> {
  const first = ready.firstRun;
  if (!first?.generatedPassword) return;
  await dialog.showMessageBox({
    type: 'info',
    title: 'CG Bridge — first run',
    message: `Owner account created for ${first.companyName}`,
    detail:
      `Username: ${first.username}\nPassword: ${first.generatedPassword}\n\nWrite it down: it is shown only once.\n\n` +
      `Other staff open CG Bridge at:\n${lanUrls(ready.port).join('\n') || localUrl()}`,
  });
}

function openWindow(): void {
  if (mainWindow) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    return mainWindow.focus();
  }
  const win = createMainWindow(localUrl(), settings);
  mainWindow = win;
  win.on('close', (event) => {
    const action = onWindowClose(settings.get().closeAction, quitState !== 'running');
    if (action === 'close') return;
    event.preventDefault();
    if (action === 'hide') return hideToTray(win);
    void ask(CLOSE_QUESTION, win).then(({ response, checkboxChecked }) => {
      const answer = closeAnswer(response, checkboxChecked);
      if (answer.save) settings.update({ closeAction: answer.save });
      if (answer.action === 'hide') hideToTray(win);
      else app.quit();
    });
  });
  // Windows ends the session without a quit: stop the server so CG files and SQLite are complete.
  win.on('session-end', () => void supervisor?.stop());
  win.on('closed', () => (mainWindow = null));
}

function hideToTray(win: BrowserWindow): void {
  win.hide();
  tray?.displayBalloon({
    title: TITLE,
    content: `The server keeps running for the LAN at ${lanAddress()}. Right-click the tray icon to quit.`,
  });
}

registerIpcHandlers({ settings: () => settings, serverPort: () => serverPort });

/** Quit asks first when other screens are connected, then waits for the server to stop. */
async function confirmAndStop(): Promise<boolean> {
  const running = supervisor;
  if (!running) return true;
  const question = quitQuestion(await running.connectedClients(), mainWindow?.isVisible() ?? false);
  if (question) {
    openWindow();
    if ((await ask(question)).response !== 1) return false;
  }
  supervisor = null;
  await running.stop();
  return true;
}

function quitNow(): void {
  quitState = 'done';
  app.quit();
}

if (!app.requestSingleInstanceLock()) {
  // A second copy would fight the first for the port and the SQLite file.
  app.quit();
} else {
  app.on('second-instance', openWindow);
  app
    .whenReady()
    .then(boot)
    .catch((err: unknown) => {
      dialog.showErrorBox('CG Bridge failed to start', err instanceof Error ? err.message : String(err));
      void supervisor?.stop().finally(quitNow);
      if (!supervisor) quitNow();
    });
  // Only reached when the window really closed (quit chosen): the tray keeps the app otherwise.
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (quitState === 'done') return;
    event.preventDefault();
    if (quitState === 'confirming') return;
    quitState = 'confirming';
    void confirmAndStop().then((go) => (go ? quitNow() : (quitState = 'running')));
  });
  // Linux/macOS shutdown: the server stops gracefully (CG files, SQLite) before the system kills us.
  powerMonitor.on('shutdown', () => void supervisor?.stop());
}
