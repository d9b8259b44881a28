import { contextBridge, ipcRenderer } from 'electron';
import {
  DESKTOP_CHANNELS,
  DESKTOP_GLOBAL,
  type DesktopApi,
  type DesktopInfo,
  type DesktopPortSetting,
} from '../../shared/desktop-api';

/** The whole desktop bridge (shared/desktop-api.ts). The UI works without it (browsers). */
const api: DesktopApi = {
  isDesktop: true,
  platform: process.platform,
  info: () => ipcRenderer.invoke(DESKTOP_CHANNELS.info) as Promise<DesktopInfo>,
  getPort: () => ipcRenderer.invoke(DESKTOP_CHANNELS.getPort) as Promise<DesktopPortSetting>,
  setPort: (port) => ipcRenderer.invoke(DESKTOP_CHANNELS.setPort, port) as Promise<DesktopPortSetting>,
};

contextBridge.exposeInMainWorld(DESKTOP_GLOBAL, api);
