import { describe, expect, it } from 'vitest';
import { createUser, loginDevOwner } from '../server/test/factories';
import { createApprovedNews, createNews } from '../server/test/news-factory';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

describe('dashboard', () => {
  const app = useApp();

  it('shows the four tiles with live counts, the CG panels below, and a red toast for breaking news', async () => {
    const owner = await loginDevOwner(app.server);
    const editor = await createUser(owner, app.server, 'editor');
    await createNews(owner, { title: 'Queue draft one' });
    await createNews(owner, { title: 'Queue draft two' });
    await createApprovedNews(owner, { title: 'Queue approved' });

    const page = await app.newPage();
    await login(page, editor.user.username, editor.password);
    await visible(page.getByRole('heading', { name: 'Dashboard', exact: true }));
    await visible(page.getByTestId('tile-cg-status').getByText('LIVE', { exact: true }));
    expect(await page.getByTestId('stat-equipment-out').innerText()).toBe('0');
    expect(await page.getByTestId('stat-news-queue').innerText()).toBe('3');
    // This browser's own live connection counts as online (staff); an editor is not MCR.
    await expect.poll(() => page.getByTestId('stat-online-staff').innerText()).toBe('1 staff online');
    expect(await page.getByTestId('stat-online-mcr').innerText()).toBe('0');
    // The dashboard's Emergency button opens the override dialog (editors write CG); Cancel airs nothing.
    await page.getByRole('button', { name: 'Emergency', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate emergency override?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    for (const testId of ['cg-preview-panel', 'cg-control-panel']) await visible(page.getByTestId(testId));
    await visible(page.getByText('News Crawler Management'));

    // A colleague files a breaking story: the queue tile follows live and a red toast names it.
    await createNews(owner, { title: 'Bridge closed after crash', priority: 'breaking' });
    await expect.poll(() => page.getByTestId('stat-news-queue').innerText(), { timeout: 3000 }).toBe('4');
    const toast = page.getByRole('alert').filter({ hasText: 'Bridge closed after crash' });
    await visible(toast);
    // One toast at a time: close it rather than wait 5 s for the next one.
    await toast.locator('button').click();

    // The overdue job's window event (the shell dispatches it from the live equipment_overdue).
    await page.evaluate(() => {
      window.dispatchEvent(
        new CustomEvent('equipment-overdue', { detail: { equipmentName: 'Sony FX6 #2', userName: 'Carl Camera' } }),
      );
    });
    await visible(page.getByRole('alert').filter({ hasText: 'Sony FX6 #2' }).filter({ hasText: 'Carl Camera' }));
  });

  it('/dashboard is the same screen as /', async () => {
    const page = await app.newPage();
    const owner = await loginDevOwner(app.server);
    const mcr = await createUser(owner, app.server, 'mcr');
    await login(page, mcr.user.username, mcr.password);
    await page.goto('/dashboard');
    await visible(page.getByTestId('tile-news-queue'));
    await visible(page.getByTestId('cg-on-air-preview'));
  });
});
