import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Prompter } from '../shared/contracts/prompters';
import { createBulletin } from '../server/test/bulletin-factory';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { createNews } from '../server/test/news-factory';
import { useApp } from './support/app-fixture';
import { login, shell, visible } from './support/pages';

/** Issue 26: an editor sends a story back with a reason; the writer reads it on the story and in the bell. */
describe('send back and take back with a reason', () => {
  const app = useApp();

  async function station() {
    const dev = await loginDevOwner(app.server);
    const { owner, companyId } = await createCompany(dev, app.server);
    const [editor, writer] = await Promise.all([
      createUser(owner, app.server, 'editor'),
      createUser(owner, app.server, 'mcr', { fullName: 'Hassan Writer' }),
    ]);
    return { owner, companyId, editor, writer };
  }

  async function openNews(user: { user: { username: string }; password: string }): Promise<Page> {
    const page = await app.newPage();
    await login(page, user.user.username, user.password);
    await page.goto('/news');
    await visible(page.locator('[data-testid="connection-status"][data-connected="true"]'));
    return page;
  }

  it('the writer sees the reason on the story and in the bell, live', async () => {
    const s = await station();
    const story = await createNews(s.writer, { title: 'Ferry timetable change' });
    const editorPage = await openNews(s.editor);
    const writerPage = await openNews(s.writer);

    const row = editorPage.getByTestId(`news-row-${story.id}`);
    await row.getByRole('button', { name: 'Send back' }).click();
    const dialog = await visible(editorPage.getByRole('dialog', { name: 'Send back to the writer' }));
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await visible(dialog.getByText('A reason is required'));
    await dialog.getByLabel('Reason').fill('Please confirm the new times with the port');
    await dialog.getByRole('button', { name: 'Send back' }).dblclick();
    await dialog.waitFor({ state: 'detached' });

    await visible(
      writerPage
        .getByTestId(`news-row-${story.id}`)
        .getByText(/Sent back by .*: Please confirm the new times with the port/),
    );
    await expect
      .poll(() => shell(writerPage).bell.getAttribute('aria-label'), { timeout: 3000 })
      .toBe('Notifications (1)');
    await shell(writerPage).bell.click();
    await visible(writerPage.getByTestId('bell-dropdown').getByText('Story sent back', { exact: true }));
    // One sending back, however the button was pressed (the double-click above).
    const log = (await s.owner.get<Array<{ action: string; details: string | null }>>('/api/activity-logs?limit=50'))
      .body;
    expect(
      log.filter((e) => e.action === 'news_rejected' && e.details?.includes('Ferry timetable change')),
    ).toHaveLength(1);
  });

  it('taking back a story a prompter is reading asks first', async () => {
    const s = await station();
    const story = await createNews(s.writer, { title: 'Budget vote tonight' });
    await s.editor.post(`/api/news/${story.id}/approve`);
    const bulletinId = await createBulletin(app.server, s.companyId, s.owner.user.id, {
      title: 'Evening news',
      items: [{ type: 'news', newsId: story.id }],
    });
    const prompter = (await s.owner.post<Prompter>('/api/prompters', { name: 'Studio', bulletinId })).body;
    await s.owner.post(`/api/prompters/${prompter.id}/sessions`, {});

    const page = await openNews(s.editor);
    await page.getByTestId(`news-row-${story.id}`).getByRole('button', { name: 'Take back' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Take back to draft' }));
    await dialog.getByLabel('Reason').fill('The vote was postponed');
    await dialog.getByRole('button', { name: 'Take back' }).click();
    await visible(dialog.getByText(/in a bulletin on air: "Evening news"/));
    expect((await s.editor.get<{ status: string }>(`/api/news/${story.id}`)).body.status).toBe('approved');

    await dialog.getByRole('button', { name: 'Take back anyway' }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page.getByTestId('news-section-draft').getByText(/Taken back by .*: The vote was postponed/));
  });
});
