import { shell, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { isOwnOrigin } from './ipc-origin';

/**
 * The window may only show our own server. Anything else (a link in a news article, a redirect)
 * opens in the system browser instead of inside a window that can reach the preload API.
 */
export function lockDownNavigation(contents: WebContents, allowedOrigin: string): void {
  contents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== allowedOrigin) {
      event.preventDefault();
      openExternally(url);
    }
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

function openExternally(url: string): void {
  if (/^https?:\/\//.test(url)) void shell.openExternal(url);
}

/** IPC answers only pages of our own server (a frame that navigated elsewhere gets nothing). */
export function fromOrigin(event: IpcMainInvokeEvent, allowedOrigin: string | null): boolean {
  return isOwnOrigin(event.senderFrame?.url, allowedOrigin);
}
