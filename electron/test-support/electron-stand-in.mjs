// A small stand-in for the `electron` module, enough for electron/main to run under plain Node.
// It reports what the host does as `STANDIN {json}` lines on stdout (the smoke test reads them)
// and behaves like Electron where the host depends on it:
// - utilityProcess.fork is a real child_process.fork (the server entry's parentPort shim talks
//   over Node's IPC channel), so the fork/handshake/restart path is the real one;
// - SIGTERM/SIGINT quit the app as Electron does on POSIX (before-quit → will-quit → quit);
// - dialogs answer at once with CGB_STANDIN_DIALOG_RESPONSE (default 0) and are reported.
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';

export function report(event, data = {}) {
  process.stdout.write(`STANDIN ${JSON.stringify({ event, ...data })}\n`);
}

class PreventableEvent {
  defaultPrevented = false;
  preventDefault() {
    this.defaultPrevented = true;
  }
}

// Electron sets this for the app; the packaged-layout test points it at dist/<platform>-unpacked/resources.
if (process.env.CGB_STANDIN_RESOURCES) process.resourcesPath = process.env.CGB_STANDIN_RESOURCES;
const userData = process.env.CGB_STANDIN_USERDATA ?? path.join(os.tmpdir(), 'cgb-standin-userdata');
let quitting = false;
let closingForQuit = false;

class App extends EventEmitter {
  isPackaged = process.env.CGB_STANDIN_PACKAGED === '1';
  getPath(name) {
    if (name === 'userData') return userData;
    if (name === 'logs') return path.join(userData, 'logs');
    return path.join(userData, name);
  }
  getVersion() {
    return process.env.CGB_STANDIN_VERSION ?? '0.0.0-standin';
  }
  getAppPath() {
    return process.cwd();
  }
  requestSingleInstanceLock() {
    return true;
  }
  setAppUserModelId() {}
  whenReady() {
    return ready;
  }
  quit() {
    if (quitting) return;
    const before = new PreventableEvent();
    this.emit('before-quit', before);
    if (before.defaultPrevented) return;
    // As in Electron: windows closed by quitting do not emit window-all-closed.
    closingForQuit = true;
    for (const w of BrowserWindow.getAllWindows()) w.destroy();
    closingForQuit = false;
    const will = new PreventableEvent();
    this.emit('will-quit', will);
    if (will.defaultPrevented) return;
    quitting = true;
    this.emit('quit', new PreventableEvent(), 0);
    report('exit', { code: 0 });
    process.exit(0);
  }
  exit(code = 0) {
    report('exit', { code });
    process.exit(code);
  }
}
export const app = new App();
const ready = new Promise((resolve) => setImmediate(() => (app.emit('ready'), resolve())));
process.on('SIGTERM', () => app.quit());
process.on('SIGINT', () => app.quit());
// SIGUSR2: the operator clicks the window's close button (the test cannot click).
process.on('SIGUSR2', () => {
  report('window.closeClicked');
  for (const w of BrowserWindow.getAllWindows()) w.close();
});

class WebContents extends EventEmitter {
  setWindowOpenHandler() {}
  send(channel, ...args) {
    report('webContents.send', { channel, args });
  }
  getURL() {
    return this.url ?? '';
  }
}

const windows = new Set();
export class BrowserWindow extends EventEmitter {
  static getAllWindows() {
    return [...windows];
  }
  constructor(options = {}) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    this.destroyed = false;
    this.visible = options.show !== false;
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 };
    windows.add(this);
    report('BrowserWindow.new', { bounds: this.bounds });
  }
  loadURL(url) {
    this.webContents.url = url;
    report('loadURL', { url });
    setImmediate(() => this.emit('ready-to-show'));
    return Promise.resolve();
  }
  setTitle(title) {
    report('setTitle', { title });
  }
  getBounds() {
    return this.bounds;
  }
  getNormalBounds() {
    return this.bounds;
  }
  isMaximized() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isDestroyed() {
    return this.destroyed;
  }
  isVisible() {
    return this.visible && !this.destroyed;
  }
  maximize() {}
  restore() {}
  focus() {}
  show() {
    this.visible = true;
    report('window.show');
  }
  hide() {
    this.visible = false;
    report('window.hide');
  }
  close() {
    const e = new PreventableEvent();
    this.emit('close', e);
    if (!e.defaultPrevented) this.destroy();
  }
  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    windows.delete(this);
    this.emit('closed');
    if (windows.size === 0 && !closingForQuit) app.emit('window-all-closed');
  }
}

// Message boxes answer CGB_STANDIN_DIALOG_RESPONSES in turn ("1,0": the first box 1, the next 0),
// then CGB_STANDIN_DIALOG_RESPONSE (default 0). Open dialogs pick the files of
// CGB_STANDIN_OPEN_FILES in turn ("|"-separated; an empty entry or none left = cancelled).
const dialogResponse = Number(process.env.CGB_STANDIN_DIALOG_RESPONSE ?? 0);
const dialogResponses = (process.env.CGB_STANDIN_DIALOG_RESPONSES ?? '')
  .split(',')
  .filter((r) => r !== '')
  .map(Number);
const openFiles = process.env.CGB_STANDIN_OPEN_FILES === undefined ? [] : process.env.CGB_STANDIN_OPEN_FILES.split('|');
const nextResponse = () => dialogResponses.shift() ?? dialogResponse;
export const dialog = {
  showMessageBox: async (...args) => {
    const options = args.find((a) => a && typeof a === 'object' && 'message' in a);
    const response = nextResponse();
    report('dialog.showMessageBox', { options, response });
    return { response, checkboxChecked: false };
  },
  showMessageBoxSync: (...args) => {
    const options = args.find((a) => a && typeof a === 'object' && 'message' in a);
    const response = nextResponse();
    report('dialog.showMessageBox', { options, response });
    return response;
  },
  showOpenDialog: async (...args) => {
    const options = args.find((a) => a && typeof a === 'object' && 'properties' in a);
    const file = openFiles.shift();
    report('dialog.showOpenDialog', { options, file: file ?? null });
    return file ? { canceled: false, filePaths: [file] } : { canceled: true, filePaths: [] };
  },
  showErrorBox: (title, content) => report('dialog.showErrorBox', { title, content }),
};

const ipcHandlers = new Map();
export const ipcMain = {
  handle: (channel, handler) => {
    ipcHandlers.set(channel, handler);
    report('ipcMain.handle', { channel });
  },
  on: () => {},
};

/** Calls a registered ipcMain handler as a page at `frameUrl` would through the preload. */
export async function invokeIpc(channel, frameUrl, ...args) {
  const handler = ipcHandlers.get(channel);
  if (!handler) throw new Error(`no ipcMain handler for ${channel}`);
  return handler({ senderFrame: frameUrl === undefined ? null : { url: frameUrl } }, ...args);
}

class StandInUtilityProcess extends EventEmitter {
  constructor(modulePath, args, options) {
    super();
    // Real fork: the server entry finds no Electron parentPort and uses Node's IPC channel.
    this.child = fork(modulePath, args, {
      env: options.env ?? process.env,
      stdio: options.stdio === 'pipe' ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: [],
    });
    this.pid = this.child.pid;
    this.stdout = this.child.stdout;
    this.stderr = this.child.stderr;
    report('utilityProcess.fork', { pid: this.pid, modulePath });
    this.child.on('spawn', () => this.emit('spawn'));
    this.child.on('message', (m) => this.emit('message', m));
    this.child.on('exit', (code, signal) => {
      report('utilityProcess.exit', { pid: this.pid, code, signal });
      this.pid = undefined;
      this.emit('exit', code ?? 1);
    });
  }
  postMessage(message) {
    if (this.child.connected) this.child.send(message);
  }
  kill() {
    return this.child.kill();
  }
}
export const utilityProcess = {
  fork: (modulePath, args = [], options = {}) => new StandInUtilityProcess(modulePath, args, options),
};

export class Tray extends EventEmitter {
  constructor(image) {
    super();
    report('Tray.new', { image: String(image) });
  }
  setToolTip(tip) {
    report('Tray.setToolTip', { tip });
  }
  setContextMenu(menu) {
    this.menu = menu;
    report('Tray.setContextMenu', { labels: menu.items.map((i) => i.label ?? i.type) });
  }
  displayBalloon(options) {
    report('Tray.displayBalloon', { options });
  }
  destroy() {}
}

export const Menu = {
  buildFromTemplate: (items) => ({ items }),
  setApplicationMenu: () => {},
};
export const shell = { openExternal: async (url) => report('shell.openExternal', { url }) };
export const clipboard = { writeText: (text) => report('clipboard.writeText', { text }) };
export const nativeImage = { createFromPath: (p) => ({ path: p, isEmpty: () => false, toString: () => p }) };
export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};
export const powerMonitor = new EventEmitter();
// net.request as electron-updater uses it: Node's client takes the same URL options and emits the
// same response events; Electron-only options (session, redirect) are dropped.
export const net = {
  request: (options) => {
    const { session: _session, redirect: _redirect, ...rest } = options;
    report('net.request', { url: `${rest.protocol}//${rest.hostname}:${rest.port ?? ''}${rest.path}` });
    return (rest.protocol === 'https:' ? https : http).request(rest);
  },
};
export const session = { fromPartition: () => ({}) };

export default {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  utilityProcess,
  Tray,
  Menu,
  shell,
  clipboard,
  nativeImage,
  screen,
  powerMonitor,
  net,
  session,
};
