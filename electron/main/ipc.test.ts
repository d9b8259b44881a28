import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, vi } from 'vitest';
import { DESKTOP_CHANNELS } from '../../shared/desktop-api';
import { invokeIpc } from '../test-support/electron-stand-in.mjs';
import { DesktopSettings } from './desktop-settings';
import { registerIpcHandlers } from './ipc';

// No Electron binary here: `electron` is the same stand-in the built-main smoke tests use.
vi.mock('electron', () => import('../test-support/electron-stand-in.mjs'));

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cgb-ipc-')), 'desktop-settings.json');
const settings = new DesktopSettings(file);
let serverPort: number | null = null;
registerIpcHandlers({ settings: () => settings, serverPort: () => serverPort });
const own = 'http://127.0.0.1:3000/settings';

test('every DesktopApi channel answers pages of our own server only', async () => {
  serverPort = 3000;
  for (const channel of Object.values(DESKTOP_CHANNELS)) {
    for (const stranger of [
      'https://news.example.com/',
      'http://127.0.0.1:3001/settings',
      'file:///C:/x.html',
      undefined,
    ]) {
      await expect(invokeIpc(channel, stranger, 3100), `${channel} from ${stranger}`).rejects.toThrow(
        `${channel} is answered to CG Bridge pages only`,
      );
    }
  }
  expect(await invokeIpc(DESKTOP_CHANNELS.info, own)).toEqual({
    version: '0.0.0-standin',
    serverUrl: 'http://127.0.0.1:3000',
  });
  expect(fs.existsSync(file)).toBe(false); // nothing a stranger asked was saved
});

test('nothing is answered before the server is ready', async () => {
  serverPort = null;
  await expect(invokeIpc(DESKTOP_CHANNELS.getPort, own)).rejects.toThrow(/CG Bridge pages only/);
});

test('the port is saved in userData for the next start; the server keeps its port now; bad ports are refused', async () => {
  serverPort = 3000;
  expect(await invokeIpc(DESKTOP_CHANNELS.getPort, own)).toEqual({ current: 3000, saved: 3000 });
  expect(await invokeIpc(DESKTOP_CHANNELS.setPort, own, 3100)).toEqual({ current: 3000, saved: 3100 });
  expect((JSON.parse(fs.readFileSync(file, 'utf8')) as { port: number }).port).toBe(3100);
  for (const bad of [80, 70000, 3100.5, '3100', null]) {
    await expect(invokeIpc(DESKTOP_CHANNELS.setPort, own, bad)).rejects.toThrow(
      'The port must be a whole number from 1024 to 65535',
    );
  }
  expect(new DesktopSettings(file).get().port).toBe(3100);
});
