import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createStation, createUser } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { expectHidden, login, visible } from './support/pages';

/**
 * The "Desktop app" card on /settings (issue 23). In Chromium there is no Electron preload, so the
 * desktop window is stood in for by a `window.cgBridge` with the DesktopApi's shape that keeps the
 * saved port in memory, as main keeps it in userData (electron/main/ipc.ts, checked by unit tests).
 */
function standInBridge(current: number) {
  return `(() => {
    let saved = ${current};
    window.cgBridge = {
      isDesktop: true,
      platform: 'win32',
      info: async () => ({ version: '2.4.0', serverUrl: location.origin }),
      getPort: async () => ({ current: ${current}, saved }),
      setPort: async (port) => { saved = port; window.__savedPort = port; return { current: ${current}, saved }; },
    };
  })();`;
}

async function adminOnSettings(page: Page, app: ReturnType<typeof useApp>) {
  const station = await createStation(app.server);
  const admin = await createUser(station.owner, app.server, 'admin');
  await login(page, admin.user.username, admin.password);
  await page.goto('/settings');
  await visible(page.getByRole('region', { name: 'Branding' }));
}

describe('settings: desktop app card', () => {
  const app = useApp();

  it('a LAN browser (no desktop bridge) shows no Desktop app card', async () => {
    const page = await app.newPage();
    await adminOnSettings(page, app);
    await visible(page.getByRole('region', { name: 'Station Time Zone' }));
    expect(await page.getByRole('region', { name: 'Desktop app' }).count()).toBe(0);
  });

  it('the desktop window shows the port, saves a new one through the bridge and says it applies on restart', async () => {
    const page = await app.newPage();
    await page.addInitScript(standInBridge(3000));
    await adminOnSettings(page, app);
    const card = page.getByRole('region', { name: 'Desktop app' });
    await visible(card.getByText('CG Bridge 2.4.0'));
    const input = card.getByRole('textbox', { name: 'Server port' });
    expect(await input.inputValue()).toBe('3000');
    await expectHidden(card.getByTestId('desktop-port-restart'));

    await input.fill('80');
    await visible(card.getByText('Use a port from 1024 to 65535'));
    expect(await card.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await input.fill('3100');
    await card.getByRole('button', { name: 'Save' }).click();
    await visible(card.getByTestId('desktop-port-restart'));
    expect(await card.getByTestId('desktop-port-restart').textContent()).toContain(
      'runs on port 3000 until CG Bridge is restarted; then it uses port 3100',
    );
    expect(await page.evaluate(() => (window as unknown as { __savedPort?: number }).__savedPort)).toBe(3100);
  });
});
