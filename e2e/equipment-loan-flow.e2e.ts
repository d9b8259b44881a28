import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Equipment } from '../shared/contracts/equipment';
import { createUser, loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

/** Live updates may take a refetch round; generous, not a latency claim. */
const LIVE = { timeout: 6000, interval: 50 } as const;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/**
 * The end-to-end loan: a cameraman on a phone (/field) and an admin at the desk
 * (/equipment on a desktop), each seeing the other's steps live.
 */
describe('equipment loan across the phone and the desk', () => {
  const app = useApp();

  it('cameraman requests on /field, admin approves on /equipment, cameraman checks out and returns, admin approves the return: available', async () => {
    const owner = await loginDevOwner(app.server);
    const item = (
      await owner.post<Equipment>('/api/equipment', {
        name: 'Drone DJI Mavic',
        code: 'DRN-01',
        location: 'Store B',
        quantity: 1,
      })
    ).body;
    const cameraman = await createUser(owner, app.server, 'cameraman', { fullName: 'Cam Era' });

    const phone = await app.newPage(PHONE);
    await login(phone, cameraman.user.username, cameraman.password);
    await phone.goto('/field');
    await phone.getByRole('button', { name: `Request ${item.name}` }).click();
    const dialog = await visible(phone.getByRole('dialog', { name: 'Request Equipment' }));
    await dialog.getByRole('textbox', { name: 'Purpose' }).fill('Aerials of the harbour');
    await button(dialog, 'Submit').click();
    await visible(phone.getByText('Equipment request submitted successfully'));

    const desk = await app.newPage();
    await login(desk, DEV_OWNER.username, DEV_OWNER.password);
    await desk.goto('/equipment?tab=requests');
    const row = desk.getByTestId('request-row').filter({ hasText: 'Aerials of the harbour' });
    await visible(row.getByText('Cam Era'));
    await button(row, 'Approve').click();
    await visible(desk.getByText('Request Approved', { exact: true }));

    await phone.getByRole('tab', { name: 'Requests', exact: true }).click();
    const card = phone.locator('[data-testid^="mobile-request-"]').filter({ hasText: 'Aerials of the harbour' });
    await expect.poll(() => card.getAttribute('data-status'), LIVE).toBe('approved');
    await button(card, 'Check Out').click();
    await expect.poll(() => card.getAttribute('data-status'), LIVE).toBe('out');
    await expect.poll(() => row.getByTestId('request-status').innerText(), LIVE).toMatch(/^out$/i);
    await button(card, 'Return').click();
    await expect.poll(() => card.getAttribute('data-status'), LIVE).toBe('return_requested');

    await button(row, 'Approve Return').click(LIVE);
    // Issue 39: the check-in records the condition and any damage.
    const checkIn = await visible(desk.getByRole('dialog', { name: /^Approve Return/ }));
    await checkIn.getByPlaceholder('How it came back').click();
    await desk.getByRole('option', { name: 'Fair', exact: true }).click();
    await checkIn.getByRole('textbox', { name: 'Damage note' }).fill('Propeller guard cracked');
    await button(checkIn, 'Approve Return').click();
    await visible(desk.getByText('Equipment return approved and equipment is now available'));
    await visible(row.getByText('Came back fair — Propeller guard cracked'));
    await expect.poll(() => card.getAttribute('data-status'), LIVE).toBe('returned');

    // The item is on the shelf again, on the desk's card and on the phone's list.
    await desk.getByRole('tab', { name: 'Equipment', exact: true }).click();
    const deskCard = desk.locator('[data-testid="equipment-card"][data-code="DRN-01"]');
    await expect.poll(() => deskCard.getByTestId('equipment-stock').innerText(), LIVE).toBe('1 / 1');
    expect((await deskCard.getByTestId('equipment-status').innerText()).toLowerCase()).toBe('available');
    await phone.getByRole('tab', { name: 'Equipment', exact: true }).click();
    const badge = phone.getByTestId(`mobile-equipment-${item.code}`).locator('[data-status]');
    await expect.poll(() => badge.getAttribute('data-status'), LIVE).toBe('available');
  });
});
