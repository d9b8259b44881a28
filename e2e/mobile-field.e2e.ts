import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Equipment, EquipmentRequest } from '../shared/contracts/equipment';
import type { ApiClient } from '../server/test/api-client';
import { createUser, loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { expectNoHorizontalOverflow, login, visible, waitForPath } from './support/pages';

const POLL = { timeout: 5000, interval: 50 } as const;
let codeSeq = 0;

async function createEquipment(owner: ApiClient, name: string): Promise<Equipment> {
  codeSeq += 1;
  const res = await owner.post<Equipment>('/api/equipment', {
    name,
    code: `MF-${Date.now() % 100000}-${codeSeq}`,
    location: 'Store room A',
    quantity: 1,
  });
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`create equipment failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function noSideScroll(page: Page): Promise<void> {
  expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
}

const toast = (page: Page, text: string) =>
  visible(page.locator('.mantine-Notification-root').getByText(text, { exact: true }));
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const requestCard = (page: Page, purpose: string) =>
  page.locator('[data-testid^="mobile-request-"]').filter({ hasText: purpose });
const cardStatus = (card: Locator) => card.getAttribute('data-status');

/** Signs in on a phone and opens the full-page field interface. */
async function openField(page: Page, username: string, password: string, path = '/field'): Promise<void> {
  await login(page, username, password);
  await page.goto(path);
  await visible(page.getByText('Mobile', { exact: true }));
}

async function requestFromCard(page: Page, item: Equipment, purpose: string): Promise<void> {
  await page.getByRole('button', { name: `Request ${item.name}` }).click();
  const dialog = await visible(page.getByRole('dialog', { name: 'Request Equipment' }));
  await dialog.getByRole('textbox', { name: 'Purpose' }).fill(purpose);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await toast(page, 'Equipment request submitted successfully');
}

describe('mobile field interface (phone 390x844)', () => {
  const app = useApp();
  const cgFile = (type: string) => {
    const file = path.join(app.server.baseDir, 'cg_output', `${type}.txt`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };

  it('signed out, /field and a QR target ask to log in; Go to Login opens the login screen', async () => {
    const page = await app.newPage(PHONE);
    await page.goto('/field/equipment/CAM-01');
    await visible(page.getByRole('heading', { name: 'Authentication Required' }));
    await visible(page.getByText('Please log in to access the mobile field interface.'));
    await noSideScroll(page);
    await page.goto('/field');
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await waitForPath(page, '/login');
    await visible(page.getByRole('button', { name: 'Sign In' }));
  });

  it('a cameraman requests, an admin approves live, the cameraman checks out and returns, the admin approves: available again', async () => {
    const owner = await loginDevOwner(app.server);
    const item = await createEquipment(owner, 'Tripod Sachtler');
    const cameraman = await createUser(owner, app.server, 'cameraman');
    const admin = await createUser(owner, app.server, 'admin');
    const cam = await app.newPage(PHONE);
    await openField(cam, cameraman.user.username, cameraman.password);
    await visible(cam.getByRole('heading', { name: 'Available Equipment' }));
    await visible(cam.getByText('Tap to request equipment'));

    // An empty purpose is refused in the browser with the spec's text.
    await cam.getByRole('button', { name: `Request ${item.name}` }).click();
    const dialog = await visible(cam.getByRole('dialog', { name: 'Request Equipment' }));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(cam, 'Please fill in all required fields');
    await noSideScroll(cam);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await requestFromCard(cam, item, 'Harbour story shoot');
    await toast(cam, 'Request Sent');

    await tab(cam, 'Requests').click();
    await visible(cam.getByRole('heading', { name: 'Equipment Requests' }));
    const camCard = await visible(requestCard(cam, 'Harbour story shoot'));
    expect(await cardStatus(camCard)).toBe('pending');
    expect(await camCard.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await visible(camCard.getByText(cameraman.user.fullName));
    await noSideScroll(cam);

    const adm = await app.newPage(PHONE);
    await openField(adm, admin.user.username, admin.password);
    await tab(adm, 'Requests').click();
    const admCard = await visible(requestCard(adm, 'Harbour story shoot'));
    await admCard.getByRole('button', { name: 'Approve', exact: true }).click();
    await toast(adm, 'Request Approved');

    // The cameraman's phone follows without a reload (live channel).
    await expect.poll(() => cardStatus(camCard), POLL).toBe('approved');
    // Approved by the admin's full name, as Requested by shows the requester's (issue 22).
    await visible(camCard.getByText(admin.user.fullName));
    await camCard.getByRole('button', { name: 'Check Out' }).click();
    await expect.poll(() => cardStatus(camCard), POLL).toBe('out');
    await camCard.getByRole('button', { name: 'Return', exact: true }).click();
    await toast(cam, 'Return Request Sent');
    await expect.poll(() => cardStatus(camCard), POLL).toBe('return_requested');

    await admCard.getByRole('button', { name: 'Approve Return' }).click();
    await toast(adm, 'Equipment return approved and equipment is now available');
    await expect.poll(() => cardStatus(camCard), POLL).toBe('returned');

    await tab(cam, 'Equipment').click();
    const badge = cam.getByTestId(`mobile-equipment-${item.code}`).locator('[data-status]');
    await expect.poll(() => badge.getAttribute('data-status'), POLL).toBe('available');
    const after = (await owner.get<Equipment[]>('/api/mobile/equipment')).body.find((e) => e.id === item.id);
    expect(after?.currentStock).toBe(after?.quantity);
  });

  it('CG Control is hidden from a cameraman; an mcr updates headline and subheadline on air', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/initialize');
    const cameraman = await createUser(owner, app.server, 'cameraman');
    const cam = await app.newPage(PHONE);
    await login(cam, cameraman.user.username, cameraman.password);
    const permissions = cam.waitForResponse((r) =>
      r.url().includes(`/api/mobile/user-permissions/${cameraman.user.id}`),
    );
    await cam.goto('/field');
    expect(((await (await permissions).json()) as { canAccessCg: boolean }).canAccessCg).toBe(false);
    await visible(tab(cam, 'Requests'));
    expect(await tab(cam, 'CG Control').count()).toBe(0);

    const mcr = await createUser(owner, app.server, 'mcr');
    const page = await app.newPage(PHONE);
    await openField(page, mcr.user.username, mcr.password);
    await tab(page, 'CG Control').click();
    await visible(page.getByText('Update live broadcast graphics'));
    await visible(page.getByText('Role: mcr'));
    const submit = page.getByRole('button', { name: 'Update CG' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Headline', exact: true }).fill('Ferry service resumes');
    await page.getByRole('textbox', { name: 'Subheadline' }).fill('First departure at noon');
    await submit.click();
    await toast(page, 'CG text files updated successfully');
    await expect.poll(() => cgFile('headline'), POLL).toBe('Ferry service resumes');
    await expect.poll(() => cgFile('subheadline'), POLL).toBe('First departure at noon');
    const status = page.getByTestId('mobile-cg-status');
    await visible(status.getByRole('heading', { name: 'Current CG Status' }));
    await expect.poll(() => status.getByTestId('mobile-cg-status-item').count(), POLL).toBe(3);
    await noSideScroll(page);
    // The as-run log knows these came from the phone page (issue 25).
    await app.server.asRunRecorder.flush();
    const asRun = await mcr.get<{ entries: { text: string; source: string }[] }>('/api/as-run?source=phone');
    expect(asRun.body.entries.map((e) => e.text).sort()).toEqual(
      ['First departure at noon', 'Ferry service resumes'].sort(),
    );
  });

  it('a QR target /field/equipment/<code> opens that item: Request, then Return once approved', async () => {
    const owner = await loginDevOwner(app.server);
    const item = await createEquipment(owner, 'Wireless mic kit');
    await createEquipment(owner, 'Another item');
    const cameraman = await createUser(owner, app.server, 'cameraman');
    const page = await app.newPage(PHONE);
    await login(page, cameraman.user.username, cameraman.password);
    await page.goto(`/field/equipment/${item.code}`);
    const card = await visible(page.getByTestId('field-equipment-item'));
    expect(await card.getAttribute('data-code')).toBe(item.code);
    await visible(card.getByRole('heading', { name: item.name }));
    expect(await page.getByText('Another item').count()).toBe(0);
    await noSideScroll(page);

    await card.getByRole('button', { name: 'Request', exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Request Equipment' }));
    await dialog.getByRole('textbox', { name: 'Purpose' }).fill('Council interview');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Request Sent');
    expect(await card.getByRole('button', { name: 'Return', exact: true }).count()).toBe(0);

    const mine = (await cameraman.get<EquipmentRequest[]>('/api/mobile/equipment-requests')).body.find(
      (r) => r.equipmentId === item.id,
    );
    expect((await owner.put(`/api/equipment-requests/${mine?.id}/approve`)).status).toBe(200);
    // Issue 39: an approved loan offers Check Out, and Return only once it is out.
    await card.getByRole('button', { name: 'Check Out', exact: true }).click();
    await toast(page, 'Checked Out');
    await card.getByRole('button', { name: 'Return', exact: true }).click();
    await toast(page, 'Return Request Sent');
    await expect.poll(() => card.getByRole('button', { name: 'Return', exact: true }).count(), POLL).toBe(0);
  });

  it('inside the app shell (/mobile-field) the same page keeps its links in the shell', async () => {
    const owner = await loginDevOwner(app.server);
    const item = await createEquipment(owner, 'Shell test drone');
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto(`/mobile-field/equipment/${item.code}`);
    await visible(page.getByTestId('field-equipment-item'));
    await visible(page.getByTestId('user-menu'));
    await page.getByRole('link', { name: 'All equipment' }).click();
    await waitForPath(page, '/mobile-field');
    await visible(page.getByRole('heading', { name: 'Available Equipment' }));
    await visible(tab(page, 'CG Control'));
  });

  it('the label sheet has one QR label per chosen item pointing at the LAN address; other roles are refused', async () => {
    const owner = await loginDevOwner(app.server);
    const a = await createEquipment(owner, 'Camera Sony FX6');
    const b = await createEquipment(owner, 'Light panel');
    await createEquipment(owner, 'Not chosen');
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    // /equipment: Print Labels starts select mode; its All items link opens the whole catalogue's sheet.
    await page.goto('/equipment');
    await page.getByRole('button', { name: 'Print Labels' }).click();
    await page.getByTestId('label-selection-bar').getByRole('link', { name: 'All items' }).click();
    await waitForPath(page, '/equipment/labels');
    for (const item of [a, b])
      await expect.poll(() => page.locator(`[data-code="${item.code}"]`).count(), POLL).toBe(1);
    await page.goto(`/equipment/labels?ids=${b.id},${a.id}`);
    const labels = page.getByTestId('equipment-label');
    await expect.poll(() => labels.count(), POLL).toBe(2);
    expect(await labels.nth(0).getAttribute('data-code')).toBe(b.code);
    // Served from 127.0.0.1: a phone could not open that, so no QR until the LAN address is given.
    await visible(page.getByTestId('lan-address-warning'));
    expect(await labels.nth(0).getAttribute('data-url')).toBeNull();
    await page.getByRole('textbox', { name: 'LAN address' }).fill('192.168.1.20:3000');
    await expect
      .poll(() => labels.nth(1).getAttribute('data-url'), POLL)
      .toBe(`http://192.168.1.20:3000/field/equipment/${a.code}`);
    await visible(labels.nth(1).getByTestId('label-qr').locator('svg'));
    await visible(labels.nth(1).getByText(a.name));
    await visible(page.getByRole('button', { name: 'Print' }));

    // Remembered in this browser.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('equipment-label').nth(0).getAttribute('data-url'), POLL)
      .toBe(`http://192.168.1.20:3000/field/equipment/${b.code}`);

    const cameraman = await createUser(owner, app.server, 'cameraman');
    const other = await app.newPage(PHONE);
    await login(other, cameraman.user.username, cameraman.password);
    await other.goto(`/equipment/labels?ids=${a.id}`);
    await visible(other.getByTestId('labels-not-allowed'));
    expect(await other.getByTestId('equipment-label').count()).toBe(0);
  });
});
