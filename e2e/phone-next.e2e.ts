import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CgNext } from '../shared/contracts/cg-next';
import type { Settings } from '../shared/contracts/settings';
import { createUser, loginDevOwner } from '../server/test/factories';
import { PHONE, useApp } from './support/app-fixture';
import { expectNoHorizontalOverflow, login, visible } from './support/pages';

const POLL = { timeout: 5000, interval: 50 } as const;
const THAANA = 'ބަނދަރު ހުޅުވައިފި';

const toast = (page: Page) => page.locator('.mantine-Notification-root');

/**
 * Issue 38, point 4: in take mode the phone's CG tab stages its text. It used to say "not on air
 * until Take (Enter)" with no NEXT and no Take on the phone. Now it shows NEXT under the form and,
 * for those the role matrix lets take, a Take button that airs it (and says what each output did).
 */
describe('the phone’s CG tab in take mode (390×844)', () => {
  const app = useApp();
  const cgFile = (type: string) => {
    const file = path.join(app.server.baseDir, 'cg_output', `${type}.txt`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };

  it('shows what waits in NEXT and takes it to air from the phone', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/initialize');
    const settings = (await owner.get<Settings>('/api/settings')).body;
    if (!settings.takeMode)
      expect((await owner.put('/api/settings', { takeMode: true, version: settings.version })).status).toBe(200);
    const mcr = await createUser(owner, app.server, 'mcr', { fullName: 'Field Operator' });

    const page = await app.newPage(PHONE);
    await login(page, mcr.user.username, mcr.password);
    await page.goto('/field');
    await page.getByRole('tab', { name: 'CG Control', exact: true }).click();
    await page.getByRole('textbox', { name: 'Headline', exact: true }).fill(THAANA);
    await page.getByRole('textbox', { name: 'Subheadline' }).fill('Ferries from noon');
    await page.getByRole('button', { name: 'Update CG' }).click();

    // Staged, and the phone says where: NEXT right under the form, with Take.
    await visible(toast(page).getByText('Headline in NEXT — not on air until Take (below).'));
    const next = page.getByTestId('phone-next');
    await visible(next.getByTestId('phone-next-text-headline').getByText(THAANA));
    await visible(next.getByTestId('phone-next-text-subheadline').getByText('Ferries from noon'));
    await visible(next.getByText('Not on air until Take — here or at CG Control.'));
    expect(cgFile('headline')).not.toBe(THAANA);
    expect(await next.getByTestId('phone-next-text-headline').evaluate((el) => getComputedStyle(el).direction)).toBe(
      'rtl',
    );
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
    await next.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/phone-cg-next.png' });

    // Take on the phone: the files change, NEXT empties, the toast says what aired where.
    const take = next.getByTestId('phone-take');
    await expect.poll(() => take.getAttribute('data-armed'), POLL).toBe('true');
    await take.click();
    await visible(toast(page).getByTestId('air-answer').getByText('On air: files'));
    await expect.poll(() => cgFile('headline'), POLL).toBe(THAANA);
    expect(cgFile('subheadline')).toBe('Ferries from noon');
    await visible(next.getByTestId('phone-next-empty'));
    expect((await owner.get<CgNext>('/api/cg-files/next')).body.lastTake?.fullName).toBe('Field Operator');
    await page.screenshot({ path: '/tmp/shots/phone-cg-taken.png' });
  });
});
