import { contextBridge, ipcRenderer } from 'electron';

/** The whole desktop bridge: read-only facts about the host. The UI works without it (browsers). */
export interface DesktopApi {
  isDesktop: true;
  platform: string;
  info(): Promise<{ version: string; serverUrl: string | null }>;
}

const api: DesktopApi = {
  isDesktop: true,
  platform: process.platform,
  info: () => ipcRenderer.invoke('app:info') as Promise<{ version: string; serverUrl: string | null }>,
};

contextBridge.exposeInMainWorld('cgBridge', api);
