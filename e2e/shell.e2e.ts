import { describe, expect, it } from 'vitest';
import { DEV_OWNER } from '../server/test/test-server';
import { createUser, loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { expectHidden, login, logout, menuLabels, shell, visible, waitForPath } from './support/pages';

const FULL_MENU = [
  'Dashboard',
  'News Management',
  'Wires',
  'CG Control',
  'Bulletins',
  'Prompter',
  'Equipment',
  'Activity History',
  'As-Run Log',
  'Telegram Bot',
  'Google Sheets',
  'Users',
  'Notifications',
  'Recycle Bin',
  'Settings',
  'Backups',
  'Outputs',
  'App Version',
];

describe('app shell', () => {
  const app = useApp();

  it('shows a dev owner the full menu, the company, name and ROLE', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    expect(await menuLabels(page)).toEqual(FULL_MENU);
    await visible(shell(page).sideMenu.getByText('CG Bridge', { exact: true }));
    await visible(page.getByTestId('menu-company').getByText('Station A'));
    expect(await page.getByTestId('menu-user-role').innerText()).toBe('OWNER');
    await visible(page.getByText('Real-time broadcast operations control'));
    await visible(page.getByRole('heading', { name: 'Dashboard' }));
  });

  // Issue 39 point 8: the menu shows what the server allows the role (shared/page-access.ts).
  it('hides Activity History, Recycle Bin, Backups, Outputs and App Version from an editor', async () => {
    const owner = await loginDevOwner(app.server);
    const editor = await createUser(owner, app.server, 'editor', { fullName: 'Eddie Editor' });
    const page = await app.newPage();
    await login(page, editor.user.username, editor.password);
    await visible(shell(page).menuLink('Settings'));
    const labels = await menuLabels(page);
    expect(labels).toEqual(
      FULL_MENU.filter((l) => !['Activity History', 'Recycle Bin', 'Backups', 'Outputs', 'App Version'].includes(l)),
    );
    await visible(page.getByTestId('menu-user-name').getByText('Eddie Editor'));
    expect(await page.getByTestId('menu-user-role').innerText()).toBe('EDITOR');
  });

  it('offers a technical user no News Management, CG Control or Activity History (issue 39 point 8)', async () => {
    const owner = await loginDevOwner(app.server);
    const tech = await createUser(owner, app.server, 'technical');
    const page = await app.newPage();
    await login(page, tech.user.username, tech.password);
    await visible(shell(page).menuLink('Equipment'));
    const hidden = [
      'News Management',
      'Wires',
      'CG Control',
      'Activity History',
      'As-Run Log',
      'Recycle Bin',
      'Backups',
      'Outputs',
      'App Version',
    ];
    expect(await menuLabels(page)).toEqual(FULL_MENU.filter((l) => !hidden.includes(l)));
  });

  it('shows Connected once the live channel is authenticated', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await visible(shell(page).connection.getByText('Connected', { exact: true }));
    expect(await shell(page).connection.getAttribute('data-connected')).toBe('true');
  });

  it('shows 404 Page Not Found for an unknown route; every menu screen is built', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/no-such-screen');
    await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
    await shell(page).menuLink('Google Sheets').click();
    await waitForPath(page, '/google-sheets');
    await visible(page.getByRole('heading', { name: 'Google Sheets' }));
    expect(await page.getByText('This screen is coming in a later release.').count()).toBe(0);
  });

  it('Emergency Mode opens the override dialog (it shows the real state) and the bell opens empty', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    const emergency = page.getByRole('button', { name: 'Emergency Mode' });
    expect(await emergency.getAttribute('aria-pressed')).toBe('false');
    await emergency.click();
    const dialog = page.getByRole('dialog', { name: 'Activate emergency override?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(dialog);
    // Nothing was sent, so the state stays off.
    expect(await emergency.getAttribute('aria-pressed')).toBe('false');
    await shell(page).bell.click();
    await visible(page.getByText('No new notifications'));
    await page.getByRole('link', { name: 'Manage Notification Preferences' }).click();
    await waitForPath(page, '/notifications');
  });

  it('logs out to /login and keeps the app closed afterwards', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await logout(page);
    await visible(page.getByRole('button', { name: 'Sign In' }));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/users');
    await waitForPath(page, '/login');
    await expectHidden(shell(page).menu);
  });
});
