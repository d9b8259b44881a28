import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEV_OWNER } from '../server/test/test-server';
import { createUser, loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { login, shell, visible } from './support/pages';

async function openHistory(page: Page): Promise<void> {
  await shell(page).menuLink('Activity History').click();
  await visible(page.getByRole('heading', { name: 'Activity History', exact: true }));
}

describe('activity history', () => {
  const app = useApp();

  it('lists entries newest first with badges and a count, and loads older pages', async () => {
    const owner = await loginDevOwner(app.server);
    // 55 articles + their log lines outnumber the first page (50), so 'Load more' is needed.
    for (let i = 1; i <= 55; i++) {
      const res = await owner.post('/api/news', { title: `Story ${String(i).padStart(2, '0')}`, content: 'x' });
      expect(res.status).toBe(201);
    }
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openHistory(page);

    const entries = page.getByTestId('activity-entry');
    const total = (await owner.get<unknown[]>('/api/activity-logs')).headers.get('X-Total-Count');
    await visible(page.getByTestId('activity-count').getByText(`${total} entries`));
    const first = entries.first();
    await visible(first.getByText('Created', { exact: true }));
    await visible(first.getByText('Created news "Story 55"'));
    await visible(first.getByText(DEV_OWNER.username, { exact: true }));
    expect(await entries.count()).toBe(50);

    await page.getByRole('button', { name: 'Load more' }).click();
    await visible(page.getByText('Created news "Story 01"'));
    expect(await entries.count()).toBe(Number(total));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it('shows a clear access message to roles that may not read the log', async () => {
    const owner = await loginDevOwner(app.server);
    const editor = await createUser(owner, app.server, 'editor');
    const page = await app.newPage();
    await login(page, editor.user.username, editor.password);
    // Not in an editor's menu (issue 39: the menu shows what the server allows); by its address, told why.
    expect(await shell(page).menuLink('Activity History').count()).toBe(0);
    await page.goto('/activity-logs');
    await visible(page.getByText('You do not have access'));
    expect(await page.getByTestId('activity-entry').count()).toBe(0);
  });
});
