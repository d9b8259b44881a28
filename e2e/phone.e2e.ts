import { describe, expect, it } from 'vitest';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { expectNoHorizontalOverflow, isOnScreen, login, shell, visible, waitForPath } from './support/pages';

describe('phone viewport (390x844)', () => {
  const app = useApp();

  it('puts the menu behind a burger and fits the screen', async () => {
    const page = await app.newPage(PHONE);
    await page.goto('/login');
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await visible(burger);
    expect(await isOnScreen(page, shell(page).menuLink('Users'))).toBe(false);
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);

    await burger.click();
    await expect.poll(() => isOnScreen(page, shell(page).menuLink('Users'))).toBe(true);
    await shell(page).menuLink('Users').click();
    await waitForPath(page, '/users');
    await visible(page.getByRole('heading', { name: 'Users', exact: true }));
    await expect.poll(() => isOnScreen(page, shell(page).menuLink('Users'))).toBe(false);
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    expect(await shell(page).connection.getAttribute('data-connected')).toBe('true');
  });
});
