import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createUser, loginDevOwner } from '../server/test/factories';
import { createNews } from '../server/test/news-factory';
import { DEV_OWNER } from '../server/test/test-server';
import { useApp } from './support/app-fixture';
import { login, shell, visible } from './support/pages';

/** Issue 26: who is editing a story shows on the list and in the dialog, within a second, and clears. */
describe('editing presence', () => {
  const app = useApp();

  async function twoEditors(title: string) {
    const owner = await loginDevOwner(app.server);
    const story = await createNews(owner, { title });
    const editor = await createUser(owner, app.server, 'editor', { fullName: 'Aminath Editor' });
    const mine = await app.newPage();
    const theirs = await app.newPage();
    await login(mine, DEV_OWNER.username, DEV_OWNER.password);
    await login(theirs, editor.user.username, editor.password);
    for (const page of [mine, theirs]) {
      await shell(page).menuLink('News Management').click();
      await visible(page.getByText(title));
      await visible(shell(page).connection.getByText('Connected', { exact: true }));
    }
    return { story, mine, theirs };
  }

  /** The bound: presence shows within a second of the other opening the dialog. */
  const within1s = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: 1000 });
  const row = (page: Page, id: number) => page.getByTestId(`news-row-${id}`);
  const openEdit = async (page: Page, id: number) => {
    await row(page, id).getByRole('button', { name: 'Edit' }).click();
    await visible(page.getByRole('dialog', { name: 'Edit News' }));
  };

  it('shows "… is editing" on the list and in the dialog, and clears it when the dialog closes', async () => {
    const { story, mine, theirs } = await twoEditors('Presence story one');
    await openEdit(theirs, story.id);
    await within1s(row(mine, story.id).getByText('Aminath Editor is editing'));
    await openEdit(mine, story.id);
    await visible(mine.getByTestId('editing-notice').getByText('Aminath Editor is editing this story'));

    await theirs.getByRole('dialog', { name: 'Edit News' }).getByRole('button', { name: 'Cancel' }).click();
    await mine.getByTestId('editing-notice').waitFor({ state: 'detached' });
    expect(await row(mine, story.id).getByTestId('editing-badge').count()).toBe(0);
  });

  it('clears when the other browser goes offline, and tells the other at once on Take over', async () => {
    const { story, mine, theirs } = await twoEditors('Presence story two');
    await openEdit(theirs, story.id);
    await openEdit(mine, story.id);
    await mine.getByRole('button', { name: 'Take over' }).click();
    await within1s(theirs.getByRole('dialog', { name: 'Edit News' }).getByText(/took this story over/));

    await theirs.context().setOffline(true);
    await mine.getByTestId('editing-notice').waitFor({ state: 'detached' });
    await theirs.context().setOffline(false);
    // Back online, its dialog is still open: it announces itself again after reconnecting.
    await visible(mine.getByTestId('editing-notice'));
  });
});
