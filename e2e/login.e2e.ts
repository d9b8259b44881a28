import { describe, expect, it } from 'vitest';
import { DEV_OWNER } from '../server/test/test-server';
import { useApp } from './support/app-fixture';
import { submitLogin, visible, waitForPath } from './support/pages';

describe('login', () => {
  const app = useApp();

  it('sends an unauthenticated visitor to /login', async () => {
    const page = await app.newPage();
    await page.goto('/dashboard');
    await waitForPath(page, '/login');
    await visible(page.getByRole('heading', { name: 'CG Bridge' }));
    await visible(page.getByText('Sign in to your account'));
    await visible(page.getByText('CG Bridge Equipment Management System'));
  });

  it('asks for both fields before calling the server', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(page.getByText('Username is required'));
    await visible(page.getByText('Password is required'));
  });

  it('says Invalid username or password for a wrong password', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    await submitLogin(page, DEV_OWNER.username, 'not-the-password');
    await visible(page.getByRole('alert').getByText('Invalid username or password'));
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows and hides the password', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.locator('.mantine-PasswordInput-visibilityToggle').click();
    expect(await password.getAttribute('type')).toBe('text');
  });

  it('keeps the session after a reload and re-checks identity when the stored user is gone', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    await submitLogin(page, DEV_OWNER.username, DEV_OWNER.password);
    await waitForPath(page, '/');
    await page.evaluate(() => localStorage.removeItem('user'));
    await page.reload();
    await visible(page.getByTestId('menu-user-role').getByText('OWNER'));
    expect(await page.evaluate(() => localStorage.getItem('user'))).toContain('devowner');
    await page.evaluate(() => localStorage.setItem('token', 'revoked-token'));
    await page.evaluate(() => localStorage.removeItem('user'));
    await page.reload();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
