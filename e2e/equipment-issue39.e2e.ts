import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Equipment, EquipmentRequest } from '../shared/contracts/equipment';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { PHONE, useApp } from './support/app-fixture';
import { addItem, openAs as openPage } from './support/equipment-desk';
import { expectHidden, visible } from './support/pages';

/**
 * Issue 39 points 9 and 10, as people see them: a blank return date that says what it became,
 * no Return before Check Out, Request Extension on the desk and the phone with both dates and
 * the reason for the approver, Reject with a reason the borrower reads, Edit on the cards.
 */
const SHOTS = '/tmp/shots';
const LIVE = { timeout: 6000, interval: 50 } as const;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const requestRow = (page: Page, text: string) => page.getByTestId('request-row').filter({ hasText: text });
const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('issue 39 equipment screens', () => {
  const app = useApp();

  async function station() {
    const { owner, ownerPassword } = await createCompany(await loginDevOwner(app.server), app.server);
    const cam = await createUser(owner, app.server, 'cameraman', { fullName: 'Hassan Lens' });
    return { owner, ownerPassword, cam };
  }

  it('desk: a blank date is named, Check Out comes before Return, an extension is asked with a date and a reason, the approver sees both dates', async () => {
    const { owner, ownerPassword, cam } = await station();
    await addItem(owner, { code: 'FX6-39', name: 'Sony FX6' });
    const camPage = await openPage(app, cam.user.username, cam.password, '/equipment');
    await button(camPage.locator('[data-testid="equipment-card"][data-code="FX6-39"]'), 'Request').click();
    const dialog = await visible(camPage.getByRole('dialog', { name: 'Request Equipment' }));
    await visible(dialog.getByText('Left blank, it is due 24 hours after you send the request', { exact: false }));
    await dialog.getByLabel('Purpose').fill('Court case coverage');
    await button(dialog, 'Submit Request').click();
    await expectHidden(dialog);
    await visible(camPage.getByText(/Equipment request submitted successfully\. Due back .+ \(24 h default\)/));

    const made = (await owner.get<EquipmentRequest[]>('/api/equipment-requests')).body[0]!;
    expect((await owner.put(`/api/equipment-requests/${made.id}/approve`)).status).toBe(200);
    await camPage.getByRole('tab', { name: 'Requests' }).click();
    const row = requestRow(camPage, 'Court case coverage');
    await expect.poll(() => row.getByTestId('request-status').innerText(), LIVE).toMatch(/approved/i);
    await visible(button(row, 'Check Out'));
    expect(await button(row, 'Return').count()).toBe(0);
    await button(row, 'Check Out').click();
    await expect.poll(() => row.getByTestId('request-status').innerText(), LIVE).toMatch(/^out$/i);
    await visible(button(row, 'Return'));

    await button(row, 'Request Extension').click();
    const ext = await visible(camPage.getByRole('dialog', { name: /^Request Extension/ }));
    await visible(ext.getByTestId('extension-current-date'));
    await ext.getByLabel('New Return Date').fill(inDays(4));
    await ext.getByRole('textbox', { name: 'Reason' }).fill('Hearing adjourned to Thursday');
    await ext.screenshot({ path: `${SHOTS}/i39-09-desk-extension-dialog.png` });
    await button(ext, 'Request Extension').click();
    await expectHidden(ext);
    await expect.poll(() => row.getByTestId('request-status').innerText(), LIVE).toMatch(/extension pending/i);

    const desk = await openPage(app, owner.user.username, ownerPassword, '/equipment?tab=requests');
    const adminRow = requestRow(desk, 'Court case coverage');
    await visible(adminRow.getByTestId('extension-new-date'));
    await visible(adminRow.getByText('Extension asked by Hassan Lens: Hearing adjourned to Thursday'));
    await visible(button(adminRow, 'Approve Extension'));
    await adminRow.screenshot({ path: `${SHOTS}/i39-09-desk-approver-row.png` });

    // Reject Extension asks an (optional) reason; the loan keeps its date and is out again.
    await button(adminRow, 'Reject Extension').click();
    const refusing = await visible(desk.getByRole('dialog', { name: /^Reject Extension/ }));
    await visible(refusing.getByText(/Hearing adjourned to Thursday/));
    await refusing.getByRole('textbox', { name: 'Reason' }).fill('Needed for the budget session');
    await button(refusing, 'Reject Extension').click();
    await visible(desk.getByText('Extension Rejected', { exact: true }));
    await expect.poll(() => adminRow.getByTestId('request-status').innerText(), LIVE).toMatch(/^out$/i);
    const kept = (await owner.get<EquipmentRequest[]>('/api/equipment-requests')).body.find((r) => r.id === made.id);
    expect(kept).toMatchObject({ status: 'out', expectedReturnDate: made.expectedReturnDate, extension: null });
  });

  it('desk: Reject asks the reason and the borrower reads it; Edit on a card saves the item', async () => {
    const { owner, ownerPassword, cam } = await station();
    const item = await addItem(owner, { code: 'DRN-39', name: 'Drone kit' });
    await cam.post('/api/equipment-requests', { equipmentId: item.id, purpose: 'Aerials of the harbour' });
    const desk = await openPage(app, owner.user.username, ownerPassword, '/equipment?tab=requests');
    const row = requestRow(desk, 'Aerials of the harbour');
    await button(row, 'Reject').click();
    const rejecting = await visible(desk.getByRole('dialog', { name: /^Reject Request/ }));
    await button(rejecting, 'Reject').click();
    await visible(rejecting.getByText('Give the reason: the borrower is told'));
    await rejecting.getByRole('textbox', { name: 'Reason' }).fill('Drone is grounded this week');
    await rejecting.screenshot({ path: `${SHOTS}/i39-10-reject-dialog.png` });
    await button(rejecting, 'Reject').click();
    await visible(desk.getByText('Request Rejected', { exact: true }));
    const camPage = await openPage(app, cam.user.username, cam.password, '/equipment?tab=requests');
    await visible(requestRow(camPage, 'Aerials of the harbour').getByText('Reason: Drone is grounded this week'));

    // Check-in: the approver's Return asks the condition and a damage note; the item follows.
    const lens = await addItem(owner, { code: 'LNS-39', name: 'Zoom lens', condition: 'excellent' });
    const lent = (
      await cam.post<EquipmentRequest>('/api/equipment-requests', { equipmentId: lens.id, purpose: 'Wildlife feature' })
    ).body;
    await owner.put(`/api/equipment-requests/${lent.id}/approve`);
    await cam.put(`/api/equipment-requests/${lent.id}/checkout`);
    const lentRow = requestRow(desk, 'Wildlife feature');
    await button(lentRow, 'Return').click(LIVE);
    const checkIn = await visible(desk.getByRole('dialog', { name: /^Return Equipment/ }));
    await checkIn.getByPlaceholder('How it came back').click();
    await desk.getByRole('option', { name: 'Poor', exact: true }).click();
    await checkIn.getByRole('textbox', { name: 'Damage note' }).fill('Front element scratched');
    await checkIn.screenshot({ path: `${SHOTS}/i39-10-check-in-dialog.png` });
    await button(checkIn, 'Return').click();
    await expectHidden(checkIn);
    await visible(lentRow.getByText('Came back poor — Front element scratched'));
    expect((await owner.get<Equipment[]>('/api/equipment')).body.find((e) => e.id === lens.id)).toMatchObject({
      condition: 'poor',
      currentStock: 1,
    });

    await desk.getByRole('tab', { name: 'Equipment' }).click();
    const cardLoc = desk.locator('[data-testid="equipment-card"][data-code="DRN-39"]');
    await button(cardLoc, 'Edit Drone kit').click();
    const edit = await visible(desk.getByRole('dialog', { name: 'Edit Drone kit' }));
    expect(await edit.getByLabel('Name').inputValue()).toBe('Drone kit');
    await edit.getByLabel('Location').fill('Roof store');
    await edit.screenshot({ path: `${SHOTS}/i39-10-edit-dialog.png` });
    await button(edit, 'Save').click();
    await expectHidden(edit);
    await visible(cardLoc.getByText('Roof store'));
    await cardLoc.screenshot({ path: `${SHOTS}/i39-10-card-edit.png` });
    expect((await owner.get<Equipment[]>('/api/equipment')).body.find((e) => e.id === item.id)?.location).toBe(
      'Roof store',
    );
  });

  it('phone (390 px): Request Extension on /field, the rejection reason on the card', async () => {
    const { owner, cam } = await station();
    const item = await addItem(owner, { code: 'GIM-39', name: 'Gimbal' });
    const other = await addItem(owner, { code: 'TRI-39', name: 'Tripod' });
    const loan = (
      await cam.post<EquipmentRequest>('/api/equipment-requests', { equipmentId: item.id, purpose: 'Sports day' })
    ).body;
    await owner.put(`/api/equipment-requests/${loan.id}/approve`);
    const refused = (
      await cam.post<EquipmentRequest>('/api/equipment-requests', { equipmentId: other.id, purpose: 'Studio' })
    ).body;
    await owner.put(`/api/equipment-requests/${refused.id}/reject`, { reason: 'Booked for the election night' });

    const phone = await openPage(app, cam.user.username, cam.password, '/field', PHONE);
    await phone.getByRole('tab', { name: 'Requests', exact: true }).click();
    const card = phone.getByTestId(`mobile-request-${loan.id}`);
    await visible(button(card, 'Check Out'));
    expect(await button(card, 'Return').count()).toBe(0);
    await visible(phone.getByTestId(`mobile-request-${refused.id}`).getByText('Booked for the election night'));
    await button(card, 'Request Extension').click();
    const ext = await visible(phone.getByRole('dialog', { name: /^Request Extension/ }));
    await ext.getByLabel('New Return Date').fill(inDays(3));
    await ext.getByRole('textbox', { name: 'Reason' }).fill('Final moved to Saturday');
    await phone.screenshot({ path: `${SHOTS}/i39-09-phone-extension-dialog.png` });
    await button(ext, 'Request Extension').click();
    await expectHidden(ext);
    await expect.poll(() => card.getAttribute('data-status'), LIVE).toBe('extension_pending');
    await visible(card.getByText(/Final moved to Saturday \(Hassan Lens\)/));
    await phone.screenshot({ path: `${SHOTS}/i39-09-phone-requests.png`, fullPage: true });
    const saved = (await owner.get<EquipmentRequest[]>('/api/equipment-requests')).body.find((r) => r.id === loan.id);
    expect(saved?.extension).toMatchObject({ reason: 'Final moved to Saturday', requestedByName: 'Hassan Lens' });
  });
});
