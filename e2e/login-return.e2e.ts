import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Equipment } from '../shared/contracts/equipment';
import { loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { shell, submitLogin, visible, waitForPath } from './support/pages';

/** Issue 22 point 16: signing in returns to the page that asked for it (a QR scan, any deep link). */
describe('Sign-in returns to the page that asked for it', () => {
  const app = useApp();

  const where = (page: Page) => {
    const url = new URL(page.url());
    return { origin: url.origin, path: `${url.pathname}${url.search}` };
  };

  it('a QR scan while signed out: Go to Login, sign in, and the scanned item is on the phone', async () => {
    const owner = await loginDevOwner(app.server);
    const item = (
      await owner.post<Equipment>('/api/equipment', {
        code: 'CAM-007',
        name: 'Sony FX6 scanned',
        location: 'Store',
        quantity: 1,
      })
    ).body;
    const page = await app.newPage(PHONE);
    await page.goto(`/field/equipment/${item.code}?src=qr`);
    await visible(page.getByText('Authentication Required'));
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await waitForPath(page, '/login');

    await submitLogin(page, DEV_OWNER.username, DEV_OWNER.password);
    await waitForPath(page, `/field/equipment/${item.code}`);
    expect(where(page).path).toBe(`/field/equipment/${item.code}?src=qr`);
    await visible(page.getByTestId('field-equipment-item').getByRole('heading', { name: item.name }));
  });

  it('a desktop deep link while signed out: the login screen, then that page with its query string', async () => {
    const owner = await loginDevOwner(app.server);
    const item = (
      await owner.post<Equipment>('/api/equipment', {
        code: 'LBL-016',
        name: 'Labelled light',
        location: 'Store',
        quantity: 1,
      })
    ).body;
    const page = await app.newPage();
    await page.goto(`/equipment/labels?ids=${item.id}`);
    await waitForPath(page, '/login');

    await submitLogin(page, DEV_OWNER.username, DEV_OWNER.password);
    await waitForPath(page, '/equipment/labels');
    expect(where(page).path).toBe(`/equipment/labels?ids=${item.id}`);
    expect(await (await visible(page.getByTestId('equipment-label'))).getAttribute('data-code')).toBe(item.code);
  });

  it('never leaves the app: a return address on another site signs in to the dashboard', async () => {
    for (const next of ['//evil.example/field', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const page = await app.newPage();
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await submitLogin(page, DEV_OWNER.username, DEV_OWNER.password);
      await visible(shell(page).userMenu);
      expect(where(page), next).toEqual({ origin: new URL(app.server.url).origin, path: '/' });
      await page.context().close();
    }
  });
});
