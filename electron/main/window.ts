import { BrowserWindow, screen } from 'electron';
import type { DesktopSettings } from './desktop-settings';
import { resourcePaths } from './paths';
import { lockDownNavigation } from './security';
import { restoreBounds } from './window-state';

/** The operator's window on the local server, where it was last time. */
export function createMainWindow(url: string, settings: DesktopSettings): BrowserWindow {
  const { bounds, maximized } = restoreBounds(
    settings.get().window,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...bounds,
    backgroundColor: '#1a1b1e',
    title: 'CG Bridge',
    show: false,
    webPreferences: { preload: resourcePaths().preload, contextIsolation: true, nodeIntegration: false, sandbox: true },
  });
  if (maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  lockDownNavigation(win.webContents, new URL(url).origin);
  void win.loadURL(url);
  win.on('close', () => settings.update({ window: { bounds: win.getNormalBounds(), maximized: win.isMaximized() } }));
  return win;
}
