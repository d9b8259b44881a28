import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Equipment, EquipmentRequest } from '../shared/contracts/equipment';
import type { ApiClient } from '../server/test/api-client';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { PHONE, useApp } from './support/app-fixture';
import { expectNoHorizontalOverflow, login, visible } from './support/pages';

const POLL = { timeout: 5000, interval: 50 } as const;
const DAY = 86_400_000;

async function addItem(
  owner: ApiClient,
  name: string,
  code: string,
  extra: Record<string, unknown> = {},
): Promise<Equipment> {
  const res = await owner.post<Equipment>('/api/equipment', { name, code, location: 'Store room A', ...extra });
  expect(res.status).toBe(201);
  return res.body;
}

const itemCards = (page: Page) =>
  page.locator('[data-testid^="mobile-equipment-"]:not([data-testid="mobile-equipment-count"])');

/** Issue 22 #18 and the request number of #22, on a 390x844 phone. */
describe('mobile field lists (phone)', () => {
  const app = useApp();

  it('search and status filter the items; my pending request is shown, not offered again; my loans show due and Overdue; numbers read as on desktop', async () => {
    const dev = await loginDevOwner(app.server);
    const { owner } = await createCompany(dev, app.server);
    const fx6 = await addItem(owner, 'Sony FX6', 'CAM-001', { category: 'Camera' });
    const tripod = await addItem(owner, 'ކެމެރާ ޓްރައިޕޮޑް', 'TRP-002', { category: 'Support' });
    const panel = await addItem(owner, 'Light panel', 'LGT-003');
    await owner.put(`/api/equipment/${panel.id}/status`, { status: 'maintenance' });
    const liveu = await addItem(owner, 'LiveU Solo', 'ENC-004');
    for (let i = 1; i <= 8; i += 1) await addItem(owner, `Cable ${i}`, `CBL-${i}`, { category: 'Cables' });
    const cam = await createUser(owner, app.server, 'cameraman', { fullName: 'Camila Field' });
    const approver = await createUser(owner, app.server, 'admin', { fullName: 'Adam Approver' });
    const pending = (
      await cam.post<EquipmentRequest>('/api/mobile/equipment-requests', { equipmentId: fx6.id, purpose: 'Parliament' })
    ).body;
    const loan = (
      await cam.post<EquipmentRequest>('/api/mobile/equipment-requests', {
        equipmentId: liveu.id,
        purpose: 'Live shot',
        expectedReturnDate: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).body;
    expect((await approver.put(`/api/equipment-requests/${loan.id}/approve`)).status).toBe(200);
    expect((await cam.put(`/api/equipment-requests/${loan.id}/checkout`)).status).toBe(200);

    // The phone lives two days later: the LiveU loan (due in an hour) is overdue there.
    const page = await app.newPage(PHONE);
    await page.clock.setFixedTime(new Date(Date.now() + 2 * DAY));
    await login(page, cam.user.username, cam.password);
    await page.goto('/field');
    await visible(page.getByRole('heading', { name: 'Available Equipment' }));
    await visible(page.getByTestId('mobile-equipment-count').getByText('12 items'));

    const search = page.getByRole('searchbox', { name: 'Search equipment' });
    await search.fill('fx6');
    await expect.poll(() => itemCards(page).count(), POLL).toBe(1);
    const fx6Card = page.getByTestId('mobile-equipment-CAM-001');
    await visible(
      fx6Card.getByText(`You requested this (REQ-${String(pending.id).padStart(4, '0')}), awaiting approval`),
    );
    expect(await page.getByRole('button', { name: 'Request Sony FX6' }).count()).toBe(0);
    await page.screenshot({ path: '.scratch/mobile-field-pending.png' });
    await fx6Card.click();
    expect(await page.getByRole('dialog', { name: 'Request Equipment' }).count()).toBe(0);

    await search.fill('ޓްރައި');
    await expect.poll(() => itemCards(page).count(), POLL).toBe(1);
    // Requested from the phone with a return date: the card then says pending, no second Request.
    await page.getByRole('button', { name: 'Request ކެމެރާ ޓްރައިޕޮޑް' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Request Equipment' }));
    await dialog.getByRole('textbox', { name: 'Purpose' }).fill('ރިޕޯޓަށް');
    const day = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      return {
        day: `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`,
        iso: new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59).toISOString(),
      };
    });
    await dialog.getByLabel('Expected Return Date').fill(day.day);
    await page.screenshot({ path: '.scratch/mobile-field-request-date.png' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await visible(page.getByText('Equipment request submitted successfully'));
    const made = (await cam.get<EquipmentRequest[]>('/api/mobile/equipment-requests')).body.find(
      (r) => r.equipmentId === tripod.id,
    );
    expect(made).toMatchObject({ purpose: 'ރިޕޯޓަށް', expectedReturnDate: day.iso, source: 'mobile' });
    await visible(page.getByTestId('mobile-equipment-TRP-002').getByTestId('my-pending-request'));
    await search.fill('cables');
    await visible(page.getByTestId('mobile-equipment-count').getByText('8 of 12 items'));
    await search.fill('');
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('maintenance');
    await expect.poll(() => itemCards(page).count(), POLL).toBe(1);
    await visible(page.getByTestId('mobile-equipment-LGT-003'));
    await search.fill('sony');
    await visible(page.getByText('No equipment matches your search', { exact: true }));
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    await page.screenshot({ path: '.scratch/mobile-field-search.png' });

    // The QR page of the same item: no second Request either.
    await page.goto(`/field/equipment/${fx6.code}`);
    await visible(page.getByTestId('field-equipment-item').getByTestId('my-pending-request'));
    expect(await page.getByRole('button', { name: 'Request', exact: true }).count()).toBe(0);

    await page.goto('/field');
    await page.getByRole('tab', { name: 'Requests', exact: true }).click();
    await page.getByText('My requests', { exact: true }).click();
    const loanCard = page.getByTestId(`mobile-request-${loan.id}`);
    await visible(loanCard.getByText(`REQ-${String(loan.id).padStart(4, '0')}`, { exact: true }));
    await visible(loanCard.getByText('Adam Approver'));
    expect(await loanCard.getByTestId('request-due').getAttribute('data-overdue')).toBe('true');
    await visible(loanCard.getByText('Overdue', { exact: true }));
    // A pending request has no due line yet.
    expect(await page.getByTestId(`mobile-request-${pending.id}`).getByTestId('request-due').count()).toBe(0);
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    await page.screenshot({ path: '.scratch/mobile-field-my-requests.png', fullPage: true });

    // The same page inside the shell on a desk screen, and the desk's table: same number, full names.
    const desk = await app.newPage();
    await login(desk, approver.user.username, approver.password);
    await desk.goto('/mobile-field');
    await visible(desk.getByTestId('mobile-equipment-count'));
    await desk.screenshot({ path: '.scratch/mobile-field-desktop.png' });
    await desk.goto('/equipment?tab=requests');
    const row = desk.locator(`[data-testid="request-row"][data-request-id="${loan.id}"]`);
    await visible(row.getByText(`REQ-${String(loan.id).padStart(4, '0')}`, { exact: true }));
    await visible(row.getByText('Adam Approver', { exact: true }));
    await desk.screenshot({ path: '.scratch/equipment-requests-desktop.png' });
  });
});
