import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { News } from '../shared/contracts/news';
import { createStation, createUser } from '../server/test/factories';
import { PHONE, useApp } from './support/app-fixture';
import { expectHidden, login, shell, visible } from './support/pages';

const SHOTS = path.join(__dirname, '..', '.scratch');

async function openEdit(page: Page, title: string, phone = false): Promise<Locator> {
  // At phone width the menu sits behind the burger.
  if (phone) await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await shell(page).menuLink('News Management').click();
  const row = page.getByTestId('news-section-draft').locator('[data-testid^="news-row-"]').filter({ hasText: title });
  await row.getByRole('button', { name: 'Edit' }).click();
  return visible(page.getByRole('dialog', { name: 'Edit News' }));
}

describe('news edit conflict (issue 26)', () => {
  const app = useApp();

  async function newsroom(title: string, content: string) {
    const { owner } = await createStation(app.server);
    const aminath = await createUser(owner, app.server, 'editor', { fullName: 'Aminath Editor' });
    const bilal = await createUser(owner, app.server, 'editor', { fullName: 'Bilal Editor' });
    const story = (await owner.post<News>('/api/news', { title, content })).body;
    return { owner, aminath, bilal, story };
  }

  it('two browsers edit one story: the second save shows the diff, merging by hand saves once with the merged text', async () => {
    const { owner, aminath, bilal, story } = await newsroom(
      'Harbour vote',
      'The council votes on the harbour plan today.',
    );
    const a = await app.newPage();
    const b = await app.newPage();
    await login(a, aminath.user.username, aminath.password);
    await login(b, bilal.user.username, bilal.password);
    const editA = await openEdit(a, 'Harbour vote');
    const editB = await openEdit(b, 'Harbour vote');

    await editA
      .getByRole('textbox', { name: 'Content', exact: true })
      .fill('The council approved the harbour plan today.');
    await editA.getByRole('button', { name: 'Save Changes' }).click();
    await expectHidden(editA);

    await editB.getByRole('textbox', { name: 'Title', exact: true }).fill('Harbour vote delayed');
    await editB
      .getByRole('textbox', { name: 'Content', exact: true })
      .fill('The council votes on the harbour plan on Friday.');
    await editB.getByRole('button', { name: 'Save Changes' }).click();
    const conflict = await visible(editB.getByTestId('news-conflict'));
    await visible(conflict.getByText('Aminath Editor changed this story just now'));
    await visible(conflict.locator('mark[data-diff="add"]', { hasText: 'approved' }));
    await visible(conflict.locator('mark[data-diff="del"]', { hasText: 'Friday.' }));
    await b.screenshot({ path: path.join(SHOTS, 'news-conflict-desktop.png') });
    // Nothing was saved over Aminath's rewrite.
    expect((await owner.get<News>(`/api/news/${story.id}`)).body).toMatchObject({
      content: 'The council approved the harbour plan today.',
      version: 2,
    });

    await conflict.getByRole('button', { name: 'Merge by hand' }).click();
    const merge = await visible(editB.getByTestId('news-merge'));
    const mergedContent = merge.getByRole('textbox', { name: 'Merged content' });
    expect(await mergedContent.inputValue()).toBe('The council approved the harbour plan today.');
    await visible(merge.getByText('The council votes on the harbour plan on Friday.'));
    await mergedContent.fill('The council approved the harbour plan; the funding vote is on Friday.');
    await merge.getByRole('textbox', { name: 'Merged title' }).fill('Harbour vote delayed');
    await merge.getByRole('button', { name: 'Save merged' }).click();
    await expectHidden(editB);

    const saved = (await owner.get<News>(`/api/news/${story.id}`)).body;
    // Version 3: Aminath's save and the one merged save — the merge saved once.
    expect(saved).toMatchObject({
      title: 'Harbour vote delayed',
      content: 'The council approved the harbour plan; the funding vote is on Friday.',
      version: 3,
    });
  });

  it('at phone width the conflict view stacks the two versions; Take theirs loads them into the form and the next save starts from their version', async () => {
    const { owner, aminath, bilal, story } = await newsroom('Ferry strike', 'Ferries stop at noon.');
    const phone = await app.newPage(PHONE);
    await login(phone, bilal.user.username, bilal.password);
    const edit = await openEdit(phone, 'Ferry strike', true);
    expect(
      (await aminath.put(`/api/news/${story.id}`, { content: 'Ferries stop at midnight.', version: 1 })).status,
    ).toBe(200);

    await edit.getByRole('textbox', { name: 'Content', exact: true }).fill('Ferries stop at noon, the union says.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const conflict = await visible(edit.getByTestId('news-conflict'));
    await phone.screenshot({ path: path.join(SHOTS, 'news-conflict-phone.png') });
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    await conflict.getByRole('button', { name: 'Take theirs' }).click();
    expect(await edit.getByRole('textbox', { name: 'Content', exact: true }).inputValue()).toBe(
      'Ferries stop at midnight.',
    );
    await edit.getByRole('textbox', { name: 'Content', exact: true }).fill('Ferries stop at midnight, the union says.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectHidden(edit);
    expect((await owner.get<News>(`/api/news/${story.id}`)).body).toMatchObject({
      content: 'Ferries stop at midnight, the union says.',
      version: 3,
    });
  });
});
