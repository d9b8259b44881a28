import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the locator is visible (Playwright polls); fails with the locator in the message. */
export async function visible(locator: Locator): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible' });
  return locator;
}

export async function expectHidden(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'hidden' });
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
}

/** The login screen's form; leaves the page wherever the app sends it. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  if (new URL(page.url(), 'http://x').pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Logs in through the UI and waits for the shell (the page reloads to / on success). */
export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, username, password);
  await waitForPath(page, '/');
  // The user menu is in the header on every screen size (the side menu is a drawer on phones).
  await visible(shell(page).userMenu);
}

export function shell(page: Page) {
  return {
    menu: page.getByRole('navigation', { name: 'Main menu' }),
    sideMenu: page.getByTestId('side-menu'),
    menuLink: (label: string) =>
      page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: label, exact: true }),
    // The app's own header (a Mantine modal has a <header> of its own).
    header: page.locator('header.mantine-AppShell-header'),
    connection: page.getByTestId('connection-status'),
    userMenu: page.getByTestId('user-menu'),
    bell: page.getByRole('button', { name: /^Notifications/ }),
  };
}

export async function logout(page: Page): Promise<void> {
  await shell(page).userMenu.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await waitForPath(page, '/login');
}

export async function menuLabels(page: Page): Promise<string[]> {
  const links = shell(page).menu.getByRole('link');
  return (await links.allInnerTexts()).map((t) => t.trim());
}

export function expectNoHorizontalOverflow(scrollWidth: number, viewportWidth: number): void {
  expect(scrollWidth, 'page is wider than the viewport').toBeLessThanOrEqual(viewportWidth);
}

/** True when the element's box lies inside the viewport (a closed drawer is moved off-screen). */
export async function isOnScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.x + box.width > 0 && box.x < viewport.width && (await locator.isVisible());
}

/** dnd-kit's keyboard sortable: Space picks the row up, arrows move it `steps` rows, Space drops it. */
export async function keyboardMove(handle: Locator, steps: number): Promise<void> {
  const page = handle.page();
  await handle.focus();
  // dnd-kit measures the rows a frame after the pick-up; a human's pace between keys leaves it that.
  const pause = () => page.waitForTimeout(150);
  await page.keyboard.press('Space');
  await pause();
  for (let i = 0; i < Math.abs(steps); i += 1) {
    await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
    await pause();
  }
  await page.keyboard.press('Space');
  await pause();
}

/**
 * Settings → API Key Management → Create API Key, named `name`, as an admin does: the
 * "API Key Created" dialog (its key and sync URL), and the key management region.
 */
export async function createApiKeyInSettings(page: Page, name: string): Promise<{ keys: Locator; shown: Locator }> {
  await page.goto('/settings');
  const keys = await visible(page.getByRole('region', { name: 'API Key Management' }));
  await keys.getByRole('button', { name: 'Create API Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create API Key' }).click();
  const shown = page.getByRole('dialog', { name: 'API Key Created' });
  await visible(shown);
  // The creating dialog fades out as this one opens: what follows sees the one the user reads.
  await dialog.waitFor({ state: 'hidden' });
  return { keys, shown };
}
