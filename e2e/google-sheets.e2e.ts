import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createEquipment, equipmentStation } from '../server/test/equipment-factory';
import { startFakeSheets, type FakeSheets } from '../server/test/fake-sheets';
import { PHONE, useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

/** /google-sheets against the fake Sheets API (issue 15): connect, fix permission, create, sync, bad rows. */
let fake: FakeSheets;
beforeAll(async () => {
  fake = await startFakeSheets();
});
afterAll(() => fake.close());

const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });
const status = (page: Page) => page.getByTestId('sheets-status');
const COL = { name: 1, quantity: 7 };

describe('Google Sheets page (issue 15)', () => {
  const app = useApp(() => ({ googleSheets: { rootUrl: fake.url, pushDebounceMs: 600_000 } }));

  async function openAs(user: { user: { username: string }; password: string }, size?: typeof PHONE): Promise<Page> {
    const page = await app.newPage(size);
    await login(page, user.user.username, user.password);
    await page.goto('/google-sheets');
    await visible(page.getByRole('heading', { name: 'Google Sheets' }));
    return page;
  }

  it('without credentials: Disconnected, how to connect, and no sync buttons for an editor', async () => {
    const s = await equipmentStation(app.server);
    const page = await openAs(s.editor);
    await visible(status(page).getByText('Disconnected', { exact: true }));
    await visible(
      status(page).getByText(
        'Google Sheets is not connected: upload the service-account key and enter the sheet ID under Connection',
        { exact: false },
      ),
    );
    await visible(status(page).getByText('An owner or admin connects the sheet.', { exact: false }));
    await visible(
      page
        .getByTestId('sheets-instructions')
        .getByText('create a service account and download its JSON key', { exact: false }),
    );
    expect(await page.getByRole('button', { name: 'Sync Now' }).count()).toBe(0);
    expect(await page.getByTestId('sheets-connection').count()).toBe(0);
  });

  it('an admin connects: key upload, permission fix, share, Create Sheet, Sync active', async () => {
    const s = await equipmentStation(app.server);
    await createEquipment(s.owner, { name: 'Sony FX9', code: 'FX9-1' });
    const account = fake.serviceAccount(`e2e-${s.companyId}`);
    const sheetId = fake.humanSheet();
    const page = await openAs(s.admin);
    const form = page.getByTestId('sheets-connection');
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'key.json', mimeType: 'application/json', buffer: Buffer.from(account.keyJson) });
    await visible(form.getByText(`Service account: ${account.email}`));
    expect(await page.content()).not.toContain('PRIVATE KEY');
    await form
      .getByRole('textbox', { name: 'Sheet ID or URL' })
      .fill(`https://docs.google.com/spreadsheets/d/${sheetId}/edit#gid=0`);
    await form.getByRole('button', { name: 'Save Sheet' }).click();
    await expect.poll(() => form.getByRole('textbox', { name: 'Sheet ID or URL' }).inputValue()).toBe(sheetId);

    await visible(
      page
        .getByTestId('permission-fix')
        .getByText(`Share the sheet with the service account as Editor: ${account.email}`, { exact: false }),
    );
    await visible(status(page).getByText('Disconnected', { exact: true }));
    fake.share(sheetId, account.email);
    await status(page).getByRole('button', { name: 'Test Connection' }).click();
    await visible(status(page).getByText('Connected', { exact: true }));
    expect(await page.getByTestId('permission-fix').count()).toBe(0);

    await page.getByRole('button', { name: 'Create Sheet' }).click();
    await visible(toast(page, 'Sheet ready').getByText('1 equipment and 0 requests written', { exact: false }));
    await visible(status(page).getByText('Sync active', { exact: true }));
    expect(await page.getByRole('link', { name: 'Open Google Sheet' }).getAttribute('href')).toBe(
      `https://docs.google.com/spreadsheets/d/${sheetId}/edit`,
    );
    expect(fake.grid(sheetId, 'Equipment')[1]?.[COL.name]).toBe('Sony FX9');
  });

  it('Sync from Sheet lists a bad row, imports the good edit, and /equipment elsewhere follows live; a double-click syncs once', async () => {
    const s = await equipmentStation(app.server);
    const [first, second] = [
      await createEquipment(s.owner, { name: 'Tripod' }),
      await createEquipment(s.owner, { name: 'Light' }),
    ];
    const account = fake.serviceAccount(`e2e-sync-${s.companyId}`);
    await s.owner.put('/api/google-sheets/settings', { serviceAccountKey: account.keyJson });
    const created = await s.owner.post<{ spreadsheetId: string }>('/api/google-sheets/create-sheet');
    const sheetId = created.body.spreadsheetId;
    const rowOf = (id: number) => fake.grid(sheetId, 'Equipment').findIndex((r) => r[0] === String(id));

    const watcher = await app.newPage();
    await login(watcher, s.editor.user.username, s.editor.password);
    await watcher.goto('/equipment');
    await visible(watcher.getByText('Tripod').first());

    const page = await openAs(s.admin);
    fake.setCell(sheetId, 'Equipment', rowOf(first.id), COL.name, 'Carbon tripod');
    fake.setCell(sheetId, 'Equipment', rowOf(second.id), COL.quantity, 'several');
    await page.getByRole('button', { name: 'Sync from Sheet' }).click();
    const rejected = page.getByTestId('rejected-rows');
    await visible(rejected.getByText('1 row was not imported', { exact: false }));
    await visible(rejected.getByRole('cell', { name: 'Quantity "several" must be a whole number written in digits' }));
    await visible(page.getByTestId('sync-result').getByText('1 item updated from the sheet', { exact: false }));
    await visible(watcher.getByText('Carbon tripod').first());

    // A pull starts by reading the header row: one per sync.
    const reads = () =>
      fake.calls.filter(
        (c) =>
          c.method === 'GET' && decodeURIComponent(c.path) === `/v4/spreadsheets/${sheetId}/values/'Equipment'!A1:Z1`,
      ).length;
    const before = reads();
    await page.getByRole('button', { name: 'Sync Now' }).dblclick();
    await visible(toast(page, 'Sync').getByText('Sync complete:', { exact: false }));
    await expect.poll(() => page.getByRole('button', { name: 'Sync Now' }).isEnabled()).toBe(true);
    expect(reads()).toBe(before + 1);
  });

  it('fits a phone', async () => {
    const s = await equipmentStation(app.server);
    const page = await openAs(s.admin, PHONE);
    await visible(page.getByRole('button', { name: 'Sync Now' }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
