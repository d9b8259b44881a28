import { app, ipcMain, type IpcMainInvokeEvent } from 'electron';
import {
  DESKTOP_CHANNELS,
  isValidDesktopPort,
  type DesktopChannel,
  type DesktopPortSetting,
} from '../../shared/desktop-api';
import type { DesktopSettings } from './desktop-settings';
import { fromOrigin } from './security';

export interface IpcContext {
  settings: () => DesktopSettings;
  /** The port the server listens on now; null before it is ready. */
  serverPort: () => number | null;
}

const localOrigin = (port: number | null) => (port ? `http://127.0.0.1:${port}` : null);

/** Every handler goes through here: a sender that is not a page of our own server gets an error. */
function handle(
  channel: DesktopChannel,
  ctx: IpcContext,
  answer: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown,
): void {
  ipcMain.handle(channel, (event, ...args: unknown[]) => {
    if (!fromOrigin(event, localOrigin(ctx.serverPort())))
      throw new Error(`${channel} is answered to CG Bridge pages only`);
    return answer(event, ...args);
  });
}

function portSetting(ctx: IpcContext): DesktopPortSetting {
  const current = ctx.serverPort() ?? 0;
  return { current, saved: ctx.settings().get().port ?? current };
}

/** The DesktopApi's main-process side (shared/desktop-api.ts). */
export function registerIpcHandlers(ctx: IpcContext): void {
  handle(DESKTOP_CHANNELS.info, ctx, () => ({ version: app.getVersion(), serverUrl: localOrigin(ctx.serverPort()) }));
  handle(DESKTOP_CHANNELS.getPort, ctx, () => portSetting(ctx));
  handle(DESKTOP_CHANNELS.setPort, ctx, (_event, port) => {
    if (!isValidDesktopPort(port)) throw new Error('The port must be a whole number from 1024 to 65535');
    // Saved only: the server keeps its port until the next start, so no screen is cut off now.
    ctx.settings().update({ port });
    return portSetting(ctx);
  });
}
