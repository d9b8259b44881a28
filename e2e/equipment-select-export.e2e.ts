import fs from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Equipment, EquipmentRequest } from '../shared/contracts/equipment';
import type { ApiClient } from '../server/test/api-client';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { PHONE, useApp } from './support/app-fixture';
import { expectNoHorizontalOverflow, login, visible, waitForPath } from './support/pages';

const POLL = { timeout: 5000, interval: 50 } as const;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const card = (page: Page, code: string) => page.locator(`[data-testid="equipment-card"][data-code="${code}"]`);

/** Issue 22 #19: Export CSV, labels for chosen items, the return-date picker. */
describe('Equipment: export, labels for chosen items, return date', () => {
  const app = useApp();

  async function station() {
    const dev = await loginDevOwner(app.server);
    return createCompany(dev, app.server);
  }

  async function addItem(owner: ApiClient, body: Record<string, unknown>): Promise<Equipment> {
    const res = await owner.post<Equipment>('/api/equipment', { location: 'Camera Store Room', ...body });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function openAs(username: string, password: string): Promise<Page> {
    const page = await app.newPage();
    await login(page, username, password);
    await page.goto('/equipment');
    return page;
  }

  it('Print Labels → tick cards (across a search) → the label sheet has exactly those, in the order ticked', async () => {
    const { owner, ownerPassword } = await station();
    const a = await addItem(owner, { code: 'LBL-001', name: 'Sony FX6' });
    const b = await addItem(owner, { code: 'LBL-002', name: 'ޓްރައިޕޮޑް Tripod' });
    await addItem(owner, { code: 'LBL-003', name: 'Not chosen' });
    const page = await openAs(owner.user.username, ownerPassword);
    await visible(card(page, 'LBL-003'));
    expect(await page.getByRole('checkbox').count()).toBe(0);

    await button(page, 'Print Labels').click();
    const bar = await visible(page.getByTestId('label-selection-bar'));
    expect(await bar.getByRole('button', { name: 'Print labels' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: `Select ${b.name} for labels` }).check();
    await page.getByLabel('Search equipment').fill('fx6');
    await page.getByRole('checkbox', { name: `Select ${a.name} for labels` }).check();
    await page.getByLabel('Search equipment').fill('');
    await visible(bar.getByText('2 items selected'));
    expect(await card(page, 'LBL-002').getAttribute('data-selected')).toBe('true');
    await page.screenshot({ path: '.scratch/equipment-select-labels.png' });

    await bar.getByRole('link', { name: 'Print 2 labels' }).click();
    await waitForPath(page, '/equipment/labels');
    expect(new URL(page.url()).searchParams.get('ids')).toBe(`${b.id},${a.id}`);
    const labels = page.getByTestId('equipment-label');
    await expect.poll(() => labels.count(), POLL).toBe(2);
    expect([await labels.nth(0).getAttribute('data-code'), await labels.nth(1).getAttribute('data-code')]).toEqual([
      'LBL-002',
      'LBL-001',
    ]);

    // On a phone the select bar wraps, nothing scrolls sideways.
    const phone = await app.newPage(PHONE);
    await login(phone, owner.user.username, ownerPassword);
    await phone.goto('/equipment');
    await button(phone, 'Print Labels').click();
    await phone.getByRole('checkbox', { name: `Select ${b.name} for labels` }).check();
    await visible(phone.getByTestId('label-selection-bar').getByText('1 item selected'));
    expectNoHorizontalOverflow(await phone.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    await phone.screenshot({ path: '.scratch/equipment-select-labels-phone.png' });
  });

  it('Export CSV downloads the company’s catalogue with neutralised cells; a cameraman has no Export button', async () => {
    const { owner, ownerPassword } = await station();
    await addItem(owner, { code: 'EXP-001', name: '=HYPERLINK("http://evil.example","x")' });
    await addItem(owner, { code: 'EXP-002', name: 'ކެމެރާ' });
    const page = await openAs(owner.user.username, ownerPassword);
    await visible(card(page, 'EXP-002'));
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Export CSV').click()]);
    expect(download.suggestedFilename()).toMatch(/^equipment-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => [r.code, r.name])).toEqual([
      ['EXP-001', `'=HYPERLINK("http://evil.example","x")`],
      ['EXP-002', 'ކެމެރާ'],
    ]);

    const cam = await createUser(owner, app.server, 'cameraman');
    const camPage = await openAs(cam.user.username, cam.password);
    await visible(card(camPage, 'EXP-001'));
    expect(await button(camPage, 'Export CSV').count()).toBe(0);
    expect(await button(camPage, 'Print Labels').count()).toBe(0);
  });

  it('the request form takes an expected return date (not before today) and sends the end of that day', async () => {
    const { owner } = await station();
    const item = await addItem(owner, { code: 'DAT-001', name: 'LiveU Solo' });
    const cam = await createUser(owner, app.server, 'cameraman');
    const page = await openAs(cam.user.username, cam.password);
    await button(card(page, 'DAT-001'), 'Request').click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Request Equipment' }));
    const date = dialog.getByLabel('Expected Return Date');
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(await date.getAttribute('type')).toBe('date');
    expect(await date.getAttribute('min')).toBe(today);

    await dialog.getByLabel('Purpose').fill('Election night live shot');
    await date.fill('2020-01-01');
    await button(dialog, 'Submit Request').click();
    await visible(dialog.getByText('Expected return date must not be in the past', { exact: true }));

    const due = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 3);
      return {
        day: `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`,
        iso: new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59).toISOString(),
      };
    });
    await date.fill(due.day);
    await page.screenshot({ path: '.scratch/equipment-request-date.png' });
    await button(dialog, 'Submit Request').click();
    await expect
      .poll(async () => (await cam.get<EquipmentRequest[]>('/api/equipment-requests')).body.length, POLL)
      .toBe(1);
    const [made] = (await cam.get<EquipmentRequest[]>('/api/equipment-requests')).body;
    expect(made).toMatchObject({
      equipmentId: item.id,
      purpose: 'Election night live shot',
      expectedReturnDate: due.iso,
    });
  });
});
