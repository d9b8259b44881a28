import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEV_OWNER } from '../server/test/test-server';
import { createUser, loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { expectHidden, login, shell, visible } from './support/pages';

const HOUR = 60 * 60 * 1000;

async function openBin(page: Page): Promise<void> {
  await shell(page).menuLink('Recycle Bin').click();
  await visible(page.getByRole('heading', { name: 'Recycle Bin', exact: true }));
}

const binItem = (page: Page, title: string) =>
  page.locator('[data-testid^="deleted-news-"]').filter({ hasText: title });

describe('recycle bin', () => {
  const app = useApp();

  it('shows the empty state, then a deleted article arriving live; Delete Forever asks first', async () => {
    const owner = await loginDevOwner(app.server);
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openBin(page);
    await visible(page.getByText('Deleted news articles are permanently deleted automatically after 2 hours.'));
    await visible(page.getByText('No deleted news'));
    await visible(page.getByText('The recycle bin is empty. Deleted news articles will appear here.'));

    const created = await owner.post<{ id: number }>('/api/news', {
      title: 'Wrong result reported',
      subtitle: 'Correction pending',
      content: 'Line one\nLine two\nLine three\nLine four',
      priority: 'urgent',
    });
    expect((await owner.delete(`/api/news/${created.body.id}`)).status).toBe(200);

    const item = binItem(page, 'Wrong result reported');
    await visible(item.getByText('Correction pending'));
    await visible(item.getByText('Urgent', { exact: true }));
    await visible(item.getByText('Deleted', { exact: true }));
    await visible(item.getByText(/^Will be permanently deleted on /));

    await item.getByRole('button', { name: 'Delete Forever' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete forever' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(confirm);
    await visible(item);

    await item.getByRole('button', { name: 'Delete Forever' }).click();
    await confirm.getByRole('button', { name: 'Delete Forever' }).click();
    await visible(page.getByText('News article permanently deleted'));
    await visible(page.getByText('No deleted news'));
    expect((await owner.get(`/api/news/${created.body.id}`)).status).toBe(404);
  });

  it('Manual Cleanup purges what has expired and reports the count', async () => {
    const owner = await loginDevOwner(app.server);
    const created = await owner.post<{ id: number }>('/api/news', { title: 'Old retraction', content: 'Gone soon' });
    await owner.delete(`/api/news/${created.body.id}`);
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openBin(page);
    await visible(binItem(page, 'Old retraction'));

    // Past the 2-hour retention on the server's clock. The purge job is stopped so that Manual
    // Cleanup, not the job, removes the item (the job has its own API test).
    await app.server.scheduler.stop();
    app.server.clock.advance(3 * HOUR);
    await page.getByRole('button', { name: 'Manual Cleanup' }).click();
    await visible(page.getByText('Cleanup Complete'));
    await visible(page.getByText('1 expired news items permanently deleted', { exact: true }));
    await visible(page.getByText('No deleted news'));
  });

  it('tells a non-admin who opens the URL that they have no access', async () => {
    const owner = await loginDevOwner(app.server);
    const editor = await createUser(owner, app.server, 'editor');
    const page = await app.newPage();
    await login(page, editor.user.username, editor.password);
    await expectHidden(shell(page).menuLink('Recycle Bin'));
    await page.goto('/recycle-bin');
    await visible(page.getByText('You do not have access'));
    expect(await page.getByRole('button', { name: 'Manual Cleanup' }).count()).toBe(0);
  });
});
