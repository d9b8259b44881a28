import { describe, expect, it } from 'vitest';
import type { BackupItem } from '../shared/contracts/backups';
import { createUser, login as apiLogin, loginDevOwner } from '../server/test/factories';
import { createNews } from '../server/test/news-factory';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

/**
 * Issue 41: the host station's owner restores a backup from the Backups page. Every open page —
 * here an editor's news list in another browser — is covered while the server restarts, then
 * reloads on its own and shows the backup's data.
 */
describe('Restore from the Backups page', () => {
  const app = useApp();

  it('restores: both pages reload by themselves, the story written after the backup is gone', async () => {
    const dev = await loginDevOwner(app.server);
    const owner = await createUser(dev, app.server, 'owner');
    const editor = await createUser(dev, app.server, 'editor');
    const ownerApi = await apiLogin(app.server, owner.user.username, owner.password);
    await createNews(ownerApi, { title: 'Story kept by the backup' });
    // Both sign in before the backup: their sessions are in it, so they stay signed in after.
    const desk = await app.newPage();
    await login(desk, editor.user.username, editor.password);
    const page = await app.newPage();
    await login(page, owner.user.username, owner.password);
    await ownerApi.post<BackupItem>('/api/backups');
    await createNews(ownerApi, { title: 'Story written after the backup' });

    await desk.goto('/news');
    await visible(desk.getByText('Story written after the backup'));
    await desk.evaluate(() => Object.assign(window, { beforeRestore: true }));

    await page.getByRole('link', { name: 'Backups' }).click();
    await page.getByRole('button', { name: 'Restore' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Restore this backup' });
    await visible(dialog.getByText('Every station on this server goes back to this backup'));
    const confirm = dialog.getByRole('button', { name: 'Restore' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type the station name "Station A" to confirm').fill('Station A');
    await page.screenshot({ path: '.scratch/backups-restore-dialog-1440.png' });
    await confirm.click();

    await visible(desk.getByTestId('restore-notice'));
    await desk.screenshot({ path: '.scratch/backups-restore-notice-1440.png' });
    // The editor's page reloads by itself (the marker set above is gone) and reads the backup.
    await desk.waitForFunction(() => !('beforeRestore' in window), undefined, { timeout: 60_000 });
    await visible(desk.getByText('Story kept by the backup'));
    expect(await desk.getByText('Story written after the backup').count()).toBe(0);
    await page.waitForURL(/\/backups/, { timeout: 30_000 });
    await visible(page.getByText('before-restore').first());
  }, 120_000);
});
