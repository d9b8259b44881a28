import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Equipment, EquipmentRequest } from '../shared/contracts/equipment';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { REMINDER_NOT_DELIVERED_MESSAGE } from '../shared/contracts/equipment-alerts';
import { PHONE, useApp } from './support/app-fixture';
import { addItem, openAs as openPage } from './support/equipment-desk';
import { expectHidden, expectNoHorizontalOverflow, visible } from './support/pages';

const LIVE_MS = 6000;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const card = (page: Page, code: string) => page.locator(`[data-testid="equipment-card"][data-code="${code}"]`);
const requestRow = (page: Page, text: string) => page.getByTestId('request-row').filter({ hasText: text });

describe('Equipment', () => {
  const app = useApp();

  /** Each test works in its own station, so no test sees another's equipment or requests. */
  async function station() {
    const dev = await loginDevOwner(app.server);
    const { owner, ownerPassword } = await createCompany(dev, app.server);
    return { owner, ownerPassword };
  }

  it('adds equipment through the dialog, changes its status with the selector, deletes it after confirmation', async () => {
    const { owner, ownerPassword } = await station();
    const page = await openPage(app, owner.user.username, ownerPassword);
    await visible(page.getByText('No equipment', { exact: true }));

    await button(page, 'Add Equipment').click();
    const dialog = page.getByRole('dialog', { name: 'Add Equipment' });
    expect(await dialog.getByLabel('Quantity').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Condition', { exact: true }).first().inputValue()).toBe('good');
    await button(dialog, 'Add Equipment').click();
    for (const message of ['Equipment code is required', 'Equipment name is required', 'Location is required'])
      await visible(dialog.getByText(message, { exact: true }));

    await dialog.getByLabel('Code').fill('CAM-101');
    await dialog.getByLabel('Name').fill('Sony FX6 Camera');
    await dialog.getByLabel('Location').fill('Camera Store Room');
    await dialog.getByLabel('Category').fill('Camera');
    await dialog.getByLabel('Quantity').fill('2');
    await button(dialog, 'Add Equipment').click();
    await expectHidden(dialog);
    const item = card(page, 'CAM-101');
    await visible(item.getByText('Sony FX6 Camera'));
    expect(await item.getByTestId('equipment-stock').innerText()).toBe('2 / 2');
    expect(await item.getByTestId('equipment-status').innerText()).toMatch(/available/i);

    // The server's reason for a duplicate code stays in the dialog.
    await button(page, 'Add Equipment').click();
    await dialog.getByLabel('Code').fill('CAM-101');
    await dialog.getByLabel('Name').fill('Another camera');
    await dialog.getByLabel('Location').fill('Store B');
    await button(dialog, 'Add Equipment').click();
    await visible(dialog.getByText('Equipment code CAM-101 already exists'));
    await button(dialog, 'Cancel').click();
    await button(page, 'Discard').click();
    await expectHidden(dialog);

    // Status selector: the badge and the server follow.
    await item.getByLabel('Status of Sony FX6 Camera').click();
    await page.getByRole('option', { name: 'out of service', exact: true }).click();
    await expect
      .poll(async () => (await item.getByTestId('equipment-status').innerText()).toLowerCase())
      .toBe('out of service');
    const saved = (await owner.get<Equipment[]>('/api/equipment')).body;
    expect(saved.map((e) => [e.code, e.status])).toEqual([['CAM-101', 'out_of_service']]);

    // Delete asks first; Cancel keeps it.
    await button(item, 'Delete Sony FX6 Camera').click();
    await button(page.getByRole('dialog', { name: 'Delete equipment' }), 'Cancel').click();
    await visible(item);
    await button(item, 'Delete Sony FX6 Camera').click();
    await button(page.getByRole('dialog', { name: 'Delete equipment' }), 'Delete').click();
    await visible(page.getByText('No equipment', { exact: true }));
    expect((await owner.get<Equipment[]>('/api/equipment')).body).toEqual([]);
  });

  it('bulk upload of 50 pasted lines with one bad row: counts, the error toast, the grid pages by 10', async () => {
    const { owner, ownerPassword } = await station();
    const page = await openPage(app, owner.user.username, ownerPassword);
    await visible(page.getByText('No equipment', { exact: true }));
    const lines = ['Code,Name,Location,Category,Quantity'];
    for (let i = 1; i <= 50; i += 1)
      lines.push(
        i === 17
          ? 'BLK-017,Broken row,,Audio,1'
          : `BLK-${String(i).padStart(3, '0')},Item ${i},Store ${i % 3},Audio,${i === 4 ? 'lots' : (i % 4) + 1}`,
      );

    await button(page, 'Bulk Upload').click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload Equipment' });
    await button(dialog, 'Upload').click();
    await visible(dialog.getByText('Please select a CSV file or paste CSV data', { exact: true }));
    await dialog.getByLabel('Or paste CSV data').fill('Code,Name,Location\n');
    await visible(dialog.getByText('No valid data found in CSV', { exact: true }));
    await dialog.getByLabel('Or paste CSV data').fill(lines.join('\n'));
    await visible(dialog.getByTestId('bulk-row-count').getByText('50 rows ready to upload'));
    await button(dialog, 'Upload').click();

    const toast = page.getByTestId('bulk-error-toast');
    await visible(toast);
    await visible(page.getByText('Upload finished: 49 imported, 1 failed'));
    expect(await toast.innerText()).toMatch(/Row 18 \(BLK-017\): .*location/i);
    await visible(dialog.getByTestId('bulk-results'));
    // The 49 rows are in: Upload is no longer armed with the same data (issue 22), a click sends nothing.
    expect(await dialog.getByLabel('Or paste CSV data').inputValue()).toBe('');
    await button(dialog, 'Upload').click();
    await visible(dialog.getByText('Please select a CSV file or paste CSV data', { exact: true }));
    await visible(dialog.getByTestId('bulk-results'));
    await button(dialog, 'Close').click();
    await expectHidden(dialog);

    expect((await owner.get<Equipment[]>('/api/equipment')).body).toHaveLength(49);
    await expect.poll(() => page.getByTestId('equipment-card').count()).toBe(10);
    await visible(page.getByTestId('equipment-count').getByText('49 items'));
    // An unparsable quantity became 1 (docs/product.md §Validation); a number below 1 is a row error (issue 22 point 12).
    await page.getByLabel('Search equipment').fill('BLK-004');
    expect(await card(page, 'BLK-004').getByTestId('equipment-stock').innerText()).toBe('1 / 1');
  });

  it('a request goes pending → approved (live, another browser) → out → return requested → returned, and the item is available again', async () => {
    const { owner, ownerPassword } = await station();
    await addItem(owner, { code: 'LIV-001', name: 'LiveU Solo', quantity: 1 });
    const cam = await createUser(owner, app.server, 'cameraman', { fullName: 'Camila Field' });
    const camPage = await openPage(app, cam.user.username, cam.password);
    const adminPage = await openPage(app, owner.user.username, ownerPassword, '/equipment?tab=requests');
    await visible(adminPage.getByText('No equipment requests', { exact: true }));

    await button(card(camPage, 'LIV-001'), 'Request').click();
    const dialog = camPage.getByRole('dialog', { name: 'Request Equipment' });
    await button(dialog, 'Submit Request').click();
    await visible(dialog.getByText('Please fill in all required fields', { exact: true }));
    await dialog.getByLabel('Purpose').fill('Live shot at the harbour');
    await dialog.getByLabel('Notes').fill('Needs two SIMs');
    await button(dialog, 'Submit Request').click();
    await expectHidden(dialog);
    await visible(camPage.getByText('Equipment request submitted successfully'));

    // The admin's list shows it without a reload, with the requester's name.
    const adminRow = requestRow(adminPage, 'Live shot at the harbour');
    await visible(adminRow.getByText('Camila Field'));
    await visible(adminRow.getByText('LiveU Solo (LIV-001)'));
    await button(adminRow, 'Approve').click();
    await visible(adminPage.getByText('Request Approved', { exact: true }));
    // Approved By: the approver's full name, like Requested By (issue 22), and the phone's REQ number.
    await visible(adminRow.getByText(owner.user.fullName, { exact: true }));
    await visible(adminRow.getByText(/^REQ-\d{4,}$/));

    await camPage.getByRole('tab', { name: 'Requests' }).click();
    const camRow = requestRow(camPage, 'Live shot at the harbour');
    await expect
      .poll(() => camRow.getByTestId('request-status').innerText(), { timeout: LIVE_MS })
      .toMatch(/approved/i);
    expect(await button(camRow, 'Approve').count()).toBe(0);
    await button(camRow, 'Check Out').click();
    await expect.poll(() => camRow.getByTestId('request-status').innerText()).toMatch(/^out$/i);
    await expect.poll(() => adminRow.getByTestId('request-status').innerText(), { timeout: LIVE_MS }).toMatch(/^out$/i);
    await camPage.getByRole('tab', { name: 'Equipment' }).click();
    await expect.poll(() => card(camPage, 'LIV-001').getByTestId('equipment-stock').innerText()).toBe('0 / 1');

    await camPage.getByRole('tab', { name: 'Requests' }).click();
    await button(camRow, 'Return').click();
    await visible(camPage.getByText('Return Request Sent', { exact: true }));
    await expect.poll(() => camRow.getByTestId('request-status').innerText()).toMatch(/return requested/i);

    await button(adminRow, 'Approve Return').click({ timeout: LIVE_MS });
    // Issue 39: the check-in asks the condition it came back in.
    const checkIn = adminPage.getByRole('dialog', { name: /^Approve Return/ });
    await checkIn.getByPlaceholder('How it came back').click();
    await adminPage.getByRole('option', { name: 'Good', exact: true }).click();
    await button(checkIn, 'Approve Return').click();
    await visible(adminPage.getByText('Equipment return approved and equipment is now available'));
    await expect
      .poll(() => camRow.getByTestId('request-status').innerText(), { timeout: LIVE_MS })
      .toMatch(/returned/i);
    const request = (await owner.get<EquipmentRequest[]>('/api/equipment-requests')).body[0];
    expect(request).toMatchObject({ status: 'returned', requestedByName: 'Camila Field', notes: 'Needs two SIMs' });
    await camPage.getByRole('tab', { name: 'Equipment' }).click();
    const item = card(camPage, 'LIV-001');
    await expect.poll(() => item.getByTestId('equipment-stock').innerText()).toBe('1 / 1');
    expect((await item.getByTestId('equipment-status').innerText()).toLowerCase()).toBe('available');
  });

  it('roles: an editor requests but sees no catalogue tools and no approvals; a new item appears live', async () => {
    const { owner } = await station();
    await addItem(owner, { code: 'MIC-001', name: 'Wireless lavalier', quantity: 2 });
    const editor = await createUser(owner, app.server, 'editor', { fullName: 'Eddie Desk' });
    await owner.post('/api/equipment-requests', {
      equipmentId: (await owner.get<Equipment[]>('/api/equipment')).body[0]!.id,
      purpose: 'Studio interview',
    });
    const page = await openPage(app, editor.user.username, editor.password);
    const item = card(page, 'MIC-001');
    await visible(item);
    for (const name of ['Add Equipment', 'Bulk Upload', 'Send Reminder'])
      expect(await button(page, name).count()).toBe(0);
    expect(await item.getByLabel('Status of Wireless lavalier').count()).toBe(0);
    expect(await button(item, 'Delete Wireless lavalier').count()).toBe(0);
    await visible(button(item, 'Request'));
    await visible(button(page, 'Request Equipment'));

    await page.getByRole('tab', { name: 'Requests' }).click();
    const row = requestRow(page, 'Studio interview');
    await visible(row.getByTestId('request-status').getByText('pending'));
    expect(await button(row, 'Approve').count()).toBe(0);
    expect(await button(row, 'Reject').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('requests');

    // Somebody else adds an item: the editor's grid shows it without a reload.
    await page.getByRole('tab', { name: 'Equipment' }).click();
    await addItem(owner, { code: 'TRP-001', name: 'Carbon tripod' });
    await visible(card(page, 'TRP-001'));
  });
  it('an approver rejects, reminds (shown as not delivered, as the server says) and approves an extension', async () => {
    const { owner, ownerPassword } = await station();
    const cam = await createUser(owner, app.server, 'cameraman', { fullName: 'Hassan Lens' });
    const [a, b, c] = [
      await addItem(owner, { code: 'EXT-A', name: 'Drone kit' }),
      await addItem(owner, { code: 'EXT-B', name: 'Gimbal kit' }),
      await addItem(owner, { code: 'EXT-C', name: 'Light kit' }),
    ];
    const ask = async (item: Equipment, purpose: string) =>
      (await cam.post<EquipmentRequest>('/api/equipment-requests', { equipmentId: item.id, purpose })).body;
    await ask(a, 'Aerial of the bridge');
    const out = await ask(b, 'Harbour walk-and-talk');
    await owner.put(`/api/equipment-requests/${out.id}/approve`, {});
    await cam.put(`/api/equipment-requests/${out.id}/checkout`, {});
    const longer = await ask(c, 'Night shoot');
    await owner.put(`/api/equipment-requests/${longer.id}/approve`, {});
    const newReturnDate = new Date(Date.now() + 72 * 3600_000).toISOString();
    expect(
      (await cam.post(`/api/equipment-requests/${longer.id}/extend`, { newReturnDate, reason: 'Ferry cancelled' }))
        .status,
    ).toBe(200);

    const page = await openPage(app, owner.user.username, ownerPassword, '/equipment?tab=requests');
    const pendingRow = requestRow(page, 'Aerial of the bridge');
    await button(pendingRow, 'Reject').click();
    // Issue 39: Reject asks the reason the borrower is told.
    const rejecting = page.getByRole('dialog', { name: /^Reject Request/ });
    await rejecting.getByRole('textbox', { name: 'Reason' }).fill('Drone is grounded this week');
    await button(rejecting, 'Reject').click();
    await visible(page.getByText('Request Rejected', { exact: true }));
    await visible(pendingRow.getByText('Reason: Drone is grounded this week'));
    await expect.poll(() => pendingRow.getByTestId('request-status').innerText()).toMatch(/rejected/i);
    expect(await pendingRow.getByRole('button').count()).toBe(0);

    await button(requestRow(page, 'Harbour walk-and-talk'), 'Remind').click();
    const reminder = page.getByRole('dialog', { name: 'Send Equipment Reminder' });
    await visible(reminder.getByText("A reminder is sent to the user's messaging account."));
    await button(reminder, 'Send Reminder').click();
    const outcome = reminder.getByTestId('reminder-outcome');
    await visible(outcome.getByText(REMINDER_NOT_DELIVERED_MESSAGE));
    await visible(outcome.getByText('Reminder not delivered'));
    expect(await page.getByText('Reminder Sent', { exact: true }).count()).toBe(0);
    await button(reminder, 'Close').click();
    await expectHidden(reminder);

    const extensionRow = requestRow(page, 'Night shoot');
    await visible(extensionRow.getByTestId('request-status').getByText('extension pending'));
    await button(extensionRow, 'Approve Extension').click();
    await visible(page.getByText('Extension Approved', { exact: true }));
    await expect.poll(() => extensionRow.getByTestId('request-status').innerText()).toMatch(/approved/i);
    const saved = (await owner.get<EquipmentRequest[]>('/api/equipment-requests')).body.find((r) => r.id === longer.id);
    expect(saved && Date.parse(saved.expectedReturnDate ?? '')).toBe(Date.parse(newReturnDate));
  });
  it('a 2 500-row CSV file goes up in 3 sequential chunks; errors name the lines of the file', async () => {
    const { owner, ownerPassword } = await station();
    const page = await openPage(app, owner.user.username, ownerPassword);
    const lines = ['name,code,location'];
    for (let i = 1; i <= 2500; i += 1) lines.push(`Cable ${i},CBL-${i},Store`);
    lines[2301] = 'Cable bad,CBL-2301,'; // the file's line 2302, in the third chunk
    lines[2401] = 'Cable dup,CBL-5,Store'; // a code from the first chunk
    await button(page, 'Bulk Upload').click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Upload Equipment' });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cables.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n')) });
    await visible(dialog.getByText('2500 rows ready to upload'));
    const bodies: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/equipment/bulk'))
        bodies.push((JSON.parse(r.postData() ?? '{}') as { csvData: unknown[] }).csvData.length);
    });
    await button(dialog, 'Upload').click();
    await visible(page.getByText('Upload finished: 2498 imported, 2 failed'));
    expect(bodies).toEqual([1000, 1000, 500]);
    const toast = await page.getByTestId('bulk-error-toast').innerText();
    expect(toast).toMatch(/Row 2302 \(CBL-2301\)/);
    expect(toast).toMatch(/Row 2402 \(CBL-5\)/);
    expect((await owner.get<Equipment[]>('/api/equipment')).body).toHaveLength(2498);

    // A file that is not CSV is refused before anything is sent.
    await button(dialog, 'Close').click();
    await button(page, 'Bulk Upload').click();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'kit.xlsx', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') });
    await visible(dialog.getByText('Please select a CSV file', { exact: true }));
  });

  it('on a phone both tabs fit the screen and requests are cards', async () => {
    const { owner, ownerPassword } = await station();
    const item = await addItem(owner, {
      code: 'PHN-001',
      name: 'Sony PXW-Z280 Camcorder with a long name',
      quantity: 1,
    });
    await owner.post('/api/equipment-requests', { equipmentId: item.id, purpose: 'Parliament session, full day' });
    const page = await openPage(app, owner.user.username, ownerPassword, '/equipment', PHONE);
    await visible(card(page, 'PHN-001'));
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    await page.getByRole('tab', { name: 'Requests' }).click();
    await visible(page.getByTestId('requests-cards'));
    await visible(button(requestRow(page, 'Parliament session'), 'Approve'));
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
  });
});
