import { describe, expect, it } from 'vitest';
import type { Equipment, EquipmentRequest } from '../shared/contracts/equipment';
import { createCompany, loginDevOwner } from '../server/test/factories';
import { UNSAVED_TEXTS } from '../renderer/src/lib/unsaved-registry';
import { useApp } from './support/app-fixture';
import { expectHidden, login, visible } from './support/pages';

/**
 * Issue 22 point 17: a request that was sent must never be followed by "Discard unsaved text?".
 */
describe('Unsaved-text guard after a send', () => {
  const app = useApp();

  it('a double-click on Submit Request after a refused first try (then Escape while it is sent) saves once, toasts, and asks nothing', async () => {
    const dev = await loginDevOwner(app.server);
    const { owner, ownerPassword } = await createCompany(dev, app.server);
    const item = await owner.post<Equipment>('/api/equipment', {
      code: 'CAM-017',
      name: 'Sony FX6',
      quantity: 2,
      location: 'Store',
    });
    expect(item.status).toBe(201);
    const page = await app.newPage();
    await login(page, owner.user.username, ownerPassword);
    await page.goto('/equipment');

    await page
      .locator('[data-testid="equipment-card"][data-code="CAM-017"]')
      .getByRole('button', { name: 'Request', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Request Equipment' });
    const submit = dialog.getByRole('button', { name: 'Submit Request', exact: true });
    await submit.click();
    await visible(dialog.getByText('Please fill in all required fields', { exact: true }));
    await dialog.getByLabel('Purpose').fill('Harbour live shot');
    // A slower network (a phone on Wi-Fi): the second click surely lands while the request is out.
    await page.route('**/api/equipment-requests', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await submit.dblclick();
    await page.keyboard.press('Escape');

    await expectHidden(dialog);
    await visible(page.getByText('Equipment request submitted successfully'));
    await page.screenshot({ path: '.scratch/unsaved-after-send.png' });
    expect(await page.getByText(UNSAVED_TEXTS.title).count()).toBe(0);
    const requests = await owner.get<EquipmentRequest[]>('/api/equipment-requests');
    expect(requests.body.filter((r) => r.purpose === 'Harbour live shot')).toHaveLength(1);
  });
});
