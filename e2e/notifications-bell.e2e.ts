import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { createNews } from '../server/test/news-factory';
import { useApp } from './support/app-fixture';
import { expectHidden, login, shell, visible } from './support/pages';

/** Each test gets its own station, so its bell starts empty whatever the other tests filed. */
async function station(app: ReturnType<typeof useApp>) {
  const dev = await loginDevOwner(app.server);
  const { owner } = await createCompany(dev, app.server);
  const [editor, mcr] = await Promise.all([
    createUser(owner, app.server, 'editor'),
    createUser(owner, app.server, 'mcr'),
  ]);
  return { owner, editor, mcr };
}

async function openAs(
  app: ReturnType<typeof useApp>,
  user: { user: { username: string }; password: string },
  path = '/',
): Promise<Page> {
  const page = await app.newPage();
  await login(page, user.user.username, user.password);
  if (path !== '/') await page.goto(path);
  // The live channel is up before the test acts (its events are what is under test).
  await visible(page.locator('[data-testid="connection-status"][data-connected="true"]'));
  return page;
}

const bellLabel = (page: Page) => shell(page).bell.getAttribute('aria-label');

describe('notification bell, toasts and Online MCR (issue 13)', () => {
  const app = useApp();

  it('breaking news: a red toast from the live channel on the dashboard, the bell counts it in both browsers and lists it', async () => {
    const s = await station(app);
    const a = await openAs(app, s.mcr);
    await visible(a.getByRole('heading', { name: 'Dashboard', exact: true }));
    const b = await openAs(app, s.editor, '/news');
    expect(await bellLabel(a)).toBe('Notifications');

    // The toast is pushed, not fetched: with every HTTP request of the dashboard held, it still
    // appears (a poll or a refetch would wait behind the held requests until they are let go).
    const held: Array<() => Promise<void>> = [];
    let holding = true;
    await a.route('**/api/**', (route) => (holding ? void held.push(() => route.continue()) : route.continue()));
    const title = 'Chemical plant fire on the river';
    const toast = a.getByRole('alert').filter({ hasText: title });
    await createNews(s.owner, { title, priority: 'breaking' });
    await visible(toast);
    // Let the held requests go before the route is removed (removing it hands pending ones on itself).
    holding = false;
    await Promise.all(held.map((go) => go()));
    await a.unroute('**/api/**');
    // Destructive style: Mantine's red notification colour.
    expect(await toast.getAttribute('style')).toContain('var(--mantine-color-red-filled)');

    for (const page of [a, b]) await expect.poll(() => bellLabel(page), { timeout: 3000 }).toBe('Notifications (1)');
    await shell(a).bell.click();
    const dropdown = await visible(a.getByTestId('bell-dropdown'));
    await visible(dropdown.getByText('Breaking News', { exact: true }));
    await visible(dropdown.getByText(title, { exact: true }));
    await visible(dropdown.getByRole('link', { name: 'Manage Notification Preferences' }));
  });

  it("'New Notifications' when the count goes 1 → 2, never on first load", async () => {
    const s = await station(app);
    await createNews(s.owner, { title: 'Earlier flash', priority: 'urgent' });
    // Away from the dashboard: its own red breaking-news toast would rightly take precedence.
    const page = await openAs(app, s.editor, '/news');
    await expect.poll(() => bellLabel(page), { timeout: 3000 }).toBe('Notifications (1)');
    const newToast = page.getByRole('alert').filter({ hasText: 'New Notifications' });
    await page.waitForTimeout(800);
    expect(await newToast.count()).toBe(0);

    await createNews(s.owner, { title: 'Second flash', priority: 'breaking' });
    await expect.poll(() => bellLabel(page), { timeout: 3000 }).toBe('Notifications (2)');
    await visible(newToast.filter({ hasText: '1 new notification(s) received' }));
    // Shown 3000 ms (NEW_NOTIFICATION_TOAST_MS), then gone.
    await expectHidden(newToast);
  });

  it("an empty bell says 'No new notifications'", async () => {
    const s = await station(app);
    const page = await openAs(app, s.editor);
    expect(await bellLabel(page)).toBe('Notifications');
    await shell(page).bell.click();
    const dropdown = await visible(page.getByTestId('bell-dropdown'));
    await visible(dropdown.getByText('No new notifications', { exact: true }));
    await visible(dropdown.getByRole('link', { name: 'Manage Notification Preferences' }));
    // Keyboard: Escape closes it and focus goes back to the bell.
    await page.keyboard.press('Escape');
    await expectHidden(dropdown);
    expect(await shell(page).bell.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('F8 moves focus into the notification region', async () => {
    const s = await station(app);
    const page = await openAs(app, s.editor);
    await page.keyboard.press('F8');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return {
        label: el?.getAttribute('aria-label'),
        region: el?.hasAttribute('data-notification-region'),
        role: el?.getAttribute('role'),
      };
    });
    expect(focused).toEqual({ label: 'Notifications (F8)', region: true, role: 'region' });
  });

  it('the Online MCR tile follows a second MCR opening and closing the app', async () => {
    const s = await station(app);
    const second = await createUser(s.owner, app.server, 'mcr');
    const page = await openAs(app, s.mcr);
    const mcrCount = page.getByTestId('stat-online-mcr');
    const staff = page.getByTestId('stat-online-staff');
    await expect.poll(() => mcrCount.innerText(), { timeout: 3000 }).toBe('1');
    expect(await staff.innerText()).toBe('1 staff online');

    const other = await openAs(app, second, '/news');
    await expect.poll(() => mcrCount.innerText(), { timeout: 3000 }).toBe('2');
    expect(await staff.innerText()).toBe('2 staff online');

    await other.context().close();
    await expect.poll(() => mcrCount.innerText(), { timeout: 3000 }).toBe('1');
    expect(await staff.innerText()).toBe('1 staff online');
  });
});
