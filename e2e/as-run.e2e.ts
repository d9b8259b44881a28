import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { PHONE, useApp } from './support/app-fixture';
import { expectNoHorizontalOverflow, login, shell, visible } from './support/pages';

async function openAsRun(page: Page): Promise<void> {
  await shell(page).menuLink('As-Run Log').click();
  await visible(page.getByRole('heading', { name: 'As-Run Log', exact: true }));
}

describe('as-run log page', () => {
  const app = useApp();

  async function station() {
    const s = await createCompany(await loginDevOwner(app.server), app.server);
    const post = (type: string, content: string) => s.owner.post('/api/cg-files/update-direct', { type, content });
    return { ...s, post };
  }

  it('lists what aired newest first, filters by type, loads older rows and exports the same filter as CSV', async () => {
    const s = await station();
    for (let i = 1; i <= 55; i += 1) expect((await s.post('infoline', `Info ${i}`)).status).toBe(200);
    await s.post('headline', 'ދިވެހި ޚަބަރު');
    await s.post('titlebar', '=HYPERLINK("http://x","y")');
    await app.server.asRunRecorder.flush();
    const page = await app.newPage();
    await login(page, s.owner.user.username, s.ownerPassword);
    await openAsRun(page);
    const rows = page.getByTestId('as-run-row');
    await visible(rows.first().getByText('=HYPERLINK("http://x","y")'));
    // Thaana runs right to left in its cell.
    expect(await page.getByText('ދިވެހި ޚަބަރު').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expect(await rows.count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await visible(page.getByText('Info 1', { exact: true }));
    expect(await rows.count()).toBe(57);

    await page.getByLabel('Type', { exact: true }).first().click();
    await page.getByRole('option', { name: 'titlebar', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^as-run-\d{4}-\d\d-\d\d\.csv$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'as-run-')), 'log.csv');
    await download.saveAs(file);
    const bytes = fs.readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [, ...lines] = Papa.parse<string[]>(bytes.toString('utf8').slice(1).trimEnd(), { newline: '\r\n' }).data;
    expect(lines.map((l) => l[6])).toEqual(['\'=HYPERLINK("http://x","y")']);
  });

  it('names the API key that acted (a Stream Deck press), on a wide screen and on a phone', async () => {
    const s = await station();
    const created = await s.owner.post<{ key: string }>('/api/company/api-keys', {
      name: 'Studio Deck',
      permissions: ['control.emergency'],
    });
    const pressed = await fetch(`${app.server.url}/api/control/emergency`, {
      method: 'POST',
      headers: { 'x-api-key': created.body.key, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Evacuate the studio' }),
    });
    expect(pressed.status).toBe(200);
    await app.server.asRunRecorder.flush();
    const label = `Studio Deck (${created.body.key.slice(0, 12)}…)`;
    const page = await app.newPage();
    await login(page, s.owner.user.username, s.ownerPassword);
    await openAsRun(page);
    const row = page.getByTestId('as-run-row').filter({ hasText: 'Evacuate the studio' });
    await visible(row.getByText(label));
    await page.screenshot({ path: '.scratch/as-run-api-key-1440.png' });
    const phone = await app.newPage(PHONE);
    await login(phone, s.owner.user.username, s.ownerPassword);
    await phone.goto('/as-run');
    await visible(phone.getByTestId('as-run-cards').getByText(label));
    expectNoHorizontalOverflow(await phone.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    await phone.screenshot({ path: '.scratch/as-run-api-key-390.png' });
  });

  it('works at phone width: one card per row, no sideways scrolling, filters stacked', async () => {
    const s = await station();
    await s.post('headline', 'On the phone');
    await app.server.asRunRecorder.flush();
    const page = await app.newPage(PHONE);
    await login(page, s.owner.user.username, s.ownerPassword);
    await page.goto('/as-run');
    await visible(page.getByTestId('as-run-cards').getByText('On the phone'));
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
  });

  it('says so when nothing matches; hides the page from roles that may not read it', async () => {
    const s = await station();
    const page = await app.newPage();
    await login(page, s.owner.user.username, s.ownerPassword);
    await openAsRun(page);
    await visible(page.getByText('Nothing has aired that matches these filters'));
    const cameraman = await createUser(s.owner, app.server, 'cameraman');
    const other = await app.newPage();
    await login(other, cameraman.user.username, cameraman.password);
    expect(await shell(other).menuLink('As-Run Log').count()).toBe(0);
    await other.goto('/as-run');
    await visible(other.getByText('This page is available to owners, admins, editors and MCR only'));
  });

  it('the retention is set in Settings → As-Run Log (whole days within range), and kept', async () => {
    const s = await station();
    const page = await app.newPage();
    await login(page, s.owner.user.username, s.ownerPassword);
    await page.goto('/settings');
    const card = page.getByTestId('settings-as-run');
    const days = card.getByRole('textbox', { name: 'Keep for (days)' });
    expect(await days.inputValue()).toBe('90');
    await days.fill('4000');
    await visible(card.getByText('Between 1 and 3650 days'));
    expect(await card.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await days.fill('30');
    await card.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('The as-run log now keeps 30 days'));
    expect((await s.owner.get<{ asRunRetentionDays: number }>('/api/settings')).body.asRunRetentionDays).toBe(30);
  });
});
