import { describe, expect, it } from 'vitest';
import type { News } from '../shared/contracts/news';
import { createCompany, loginDevOwner } from '../server/test/factories';
import { createNews } from '../server/test/news-factory';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

/** Issue 26: a story's revision list restores an old version as a new one; the activity log links to it. */
describe('story revision history', () => {
  const app = useApp();

  it('shows what each save changed, restores an old text as a new version, and the activity log links to a version', async () => {
    const dev = await loginDevOwner(app.server);
    const { owner, ownerPassword } = await createCompany(dev, app.server);
    const story = await createNews(owner, { title: 'Harbour reopens', content: 'The harbour reopens on Monday.' });
    const edited = (
      await owner.put<News>(`/api/news/${story.id}`, {
        content: 'The harbour reopens on Tuesday after repairs.',
        version: story.version,
      })
    ).body;

    const page = await app.newPage();
    await login(page, owner.user.username, ownerPassword);
    await page.goto('/news');
    await page.getByTestId(`news-row-${story.id}`).getByRole('button', { name: 'View' }).click();
    await page.getByRole('dialog', { name: 'View News' }).getByRole('button', { name: 'History' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Story history' }));
    await visible(dialog.getByText('Version 2 · Edited'));
    const detail = dialog.getByTestId('revision-detail');
    // What the edit changed: Monday out, Tuesday and the repairs in.
    expect(await detail.locator('del[data-diff="del"]').allTextContents()).toContain('Monday.');
    expect((await detail.locator('ins[data-diff="add"]').allTextContents()).join(' ')).toContain('Tuesday');
    await visible(detail.getByText('Unchanged: Title, Subtitle, Category, Priority'));

    await dialog.getByText('Version 1 · Created').click();
    await dialog.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByRole('dialog', { name: 'Restore this version' }).getByRole('button', { name: 'Restore' }).click();
    await visible(dialog.getByText('Version 3 · Restored'));
    const now = (await owner.get<News>(`/api/news/${story.id}`)).body;
    expect(now).toMatchObject({ content: 'The harbour reopens on Monday.', version: edited.version + 1 });

    await page.goto('/activity-logs');
    await page
      .getByTestId('activity-entry')
      .filter({ hasText: 'Restored news "Harbour reopens"' })
      .getByRole('link', { name: 'View this version' })
      .click();
    const linked = await visible(page.getByRole('dialog', { name: 'Story history' }));
    await visible(linked.getByTestId('revision-detail').getByText(/^Version 3 — restored by/));
  });
});
