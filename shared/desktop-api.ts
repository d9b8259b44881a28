/**
 * The one bridge between the desktop window's pages and the Electron host (issue 23). The
 * preload exposes it as `window.cgBridge`; the renderer reads it through
 * renderer/src/lib/desktop.ts and works unchanged where it is absent (every LAN browser and phone).
 * Channel names live here so preload and main cannot drift apart.
 */

export const DESKTOP_CHANNELS = {
  info: 'app:info',
  getPort: 'desktop:get-port',
  setPort: 'desktop:set-port',
} as const;

export type DesktopChannel = (typeof DESKTOP_CHANNELS)[keyof typeof DESKTOP_CHANNELS];

/** The global the preload sets (contextBridge.exposeInMainWorld). */
export const DESKTOP_GLOBAL = 'cgBridge';

export interface DesktopInfo {
  version: string;
  serverUrl: string | null;
}

export interface DesktopPortSetting {
  /** The port the server listens on now. */
  current: number;
  /** The port saved for the next start (equal to `current` unless changed since). */
  saved: number;
}

export interface DesktopApi {
  isDesktop: true;
  platform: string;
  info(): Promise<DesktopInfo>;
  getPort(): Promise<DesktopPortSetting>;
  /** Saves the port in userData; it takes effect when CG Bridge is started again. */
  setPort(port: number): Promise<DesktopPortSetting>;
}

/** A port the operator may choose: unprivileged, in range. */
export function isValidDesktopPort(port: unknown): port is number {
  return typeof port === 'number' && Number.isInteger(port) && port >= 1024 && port <= 65535;
}
