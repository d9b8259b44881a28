import { expect, test } from 'vitest';
import { desktopApi } from './desktop';

test('desktopApi is null in a LAN browser (no window.cgBridge) and the bridge in the desktop window', () => {
  expect(desktopApi({})).toBeNull();
  expect(desktopApi({ cgBridge: { isDesktop: false } })).toBeNull();
  const bridge = { isDesktop: true, platform: 'win32' };
  expect(desktopApi({ cgBridge: bridge })).toBe(bridge);
  expect(desktopApi()).toBeNull(); // this test runs under Node: no bridge
});
