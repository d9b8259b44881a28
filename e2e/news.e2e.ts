import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEV_OWNER } from '../server/test/test-server';
import { createUser, loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { expectHidden, login, shell, visible } from './support/pages';

const THAANA_TITLE = 'ދިވެހި ޚަބަރު: މާލޭގައި ވިއްސާރަ';

async function openNews(page: Page): Promise<void> {
  await shell(page).menuLink('News Management').click();
  await visible(page.getByRole('heading', { name: 'News Management', exact: true }));
}

const section = (page: Page, status: 'draft' | 'approved' | 'published') => page.getByTestId(`news-section-${status}`);
const rowIn = (scope: Locator, title: string) => scope.locator('[data-testid^="news-row-"]').filter({ hasText: title });

async function fillNewsForm(
  dialog: Locator,
  fields: { title: string; subtitle?: string; content: string; priority?: string },
) {
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(fields.title);
  if (fields.subtitle) await dialog.getByRole('textbox', { name: 'Subtitle', exact: true }).fill(fields.subtitle);
  await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill(fields.content);
  if (fields.priority) {
    await dialog.getByLabel('Priority', { exact: true }).click();
    await dialog.page().getByRole('option', { name: fields.priority }).click();
  }
}

describe('news management', () => {
  const app = useApp();

  it('moves an article from draft to published across two browsers, live; recycle bin restores it', async () => {
    const owner = await loginDevOwner(app.server);
    const editor = await createUser(owner, app.server, 'editor', { fullName: 'Eva Editor' });
    const admin = await createUser(owner, app.server, 'admin', { fullName: 'Adam Admin' });

    const writer = await app.newPage();
    await login(writer, editor.user.username, editor.password);
    await openNews(writer);
    await writer.getByRole('button', { name: 'Create First Article' }).click();
    const dialog = writer.getByRole('dialog', { name: 'Create News' });
    await fillNewsForm(dialog, {
      title: THAANA_TITLE,
      subtitle: 'Rain in Malé',
      content: 'Heavy rain across the capital.',
      priority: 'Breaking',
    });
    // Typing Thaana turns the field right-to-left.
    const titleInput = dialog.getByRole('textbox', { name: 'Title', exact: true });
    expect(await titleInput.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await dialog.getByRole('button', { name: 'Create News' }).click();
    await expectHidden(dialog);

    const draftRow = rowIn(section(writer, 'draft'), THAANA_TITLE);
    await visible(draftRow.getByText('Breaking', { exact: true }));
    await visible(draftRow.getByText('Eva Editor'));
    expect(await section(writer, 'draft').getByTestId('news-count-draft').innerText()).toBe('1');
    // dir="auto": the Thaana title is laid out right-to-left.
    const direction = await draftRow.getByText(THAANA_TITLE).evaluate((el) => getComputedStyle(el).direction);
    expect(direction).toBe('rtl');

    const desk = await app.newPage();
    await login(desk, admin.user.username, admin.password);
    await openNews(desk);
    await rowIn(section(desk, 'draft'), THAANA_TITLE).getByRole('button', { name: 'Approve' }).click();
    // The writer's screen follows over the live channel, without a reload.
    await visible(rowIn(section(writer, 'approved'), THAANA_TITLE).getByText('Adam Admin'));
    await expectHidden(rowIn(section(writer, 'draft'), THAANA_TITLE));

    await rowIn(section(desk, 'approved'), THAANA_TITLE).getByRole('button', { name: 'Publish' }).click();
    const published = rowIn(section(writer, 'published'), THAANA_TITLE);
    await visible(published);
    // A published article offers only view, delete and (for cg.write roles) Add to CG Display.
    expect(await published.getByRole('button').allInnerTexts()).toHaveLength(3);
    await visible(published.getByRole('button', { name: 'View' }));
    await visible(published.getByRole('button', { name: 'Add to CG Display' }));
    await visible(published.getByRole('button', { name: 'Delete' }));

    await rowIn(section(desk, 'published'), THAANA_TITLE).getByRole('button', { name: 'Delete' }).click();
    await desk.getByRole('dialog', { name: 'Delete news article' }).getByRole('button', { name: 'Delete' }).click();
    await expectHidden(rowIn(section(writer, 'published'), THAANA_TITLE));

    await shell(desk).menuLink('Recycle Bin').click();
    const binItem = desk.locator('[data-testid^="deleted-news-"]').filter({ hasText: THAANA_TITLE });
    await visible(binItem.getByText('Deleted', { exact: true }));
    await visible(binItem.getByText(/^(1h 59m|2h 0m) remaining$/));
    await binItem.getByRole('button', { name: 'Restore' }).click();
    await visible(desk.getByText('News article restored successfully'));
    await visible(desk.getByText('No deleted news'));
    await visible(rowIn(section(writer, 'published'), THAANA_TITLE));

    await shell(desk).menuLink('Activity History').click();
    const entries = desk.getByTestId('activity-entry');
    for (const badge of ['Created', 'Approved', 'Published', 'Deleted', 'Restored']) {
      await visible(entries.filter({ hasText: THAANA_TITLE }).getByText(badge, { exact: true }));
    }
  });

  it('views, edits and validates; writers see no approve button and cannot touch others\u2019 drafts', async () => {
    const owner = await loginDevOwner(app.server);
    const mcr = await createUser(owner, app.server, 'mcr', { fullName: 'Mo Control' });
    const other = await owner.post<{ id: number }>('/api/news', { title: 'Owner draft', content: 'Owner text' });
    expect(other.status).toBe(201);

    const page = await app.newPage();
    await login(page, mcr.user.username, mcr.password);
    await openNews(page);
    await page.getByRole('button', { name: 'Create News' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create News' });
    await dialog.getByRole('button', { name: 'Create News' }).click();
    await visible(dialog.getByText('Title is required'));
    await visible(dialog.getByText('Content is required'));
    await fillNewsForm(dialog, { title: 'Harbour reopens', content: 'Ferries run again.' });
    await dialog.getByRole('button', { name: 'Create News' }).click();
    await expectHidden(dialog);

    const mine = rowIn(section(page, 'draft'), 'Harbour reopens');
    await visible(mine);
    await expectHidden(mine.getByRole('button', { name: 'Approve' }));
    const theirs = rowIn(section(page, 'draft'), 'Owner draft');
    await visible(theirs);
    expect(await theirs.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    await mine.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit News' });
    await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('Harbour reopens at dawn');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectHidden(edit);

    await rowIn(section(page, 'draft'), 'Harbour reopens at dawn').getByRole('button', { name: 'View' }).click();
    const view = page.getByRole('dialog', { name: 'View News' });
    await visible(view.getByText('Ferries run again.'));
    await visible(view.getByText('Draft', { exact: true }));
    await visible(view.getByText('General', { exact: true }));
    await visible(view.getByText('Created', { exact: true }));
  });

  it('pages the three lists with one counter and shows the failure toast with the server reason', async () => {
    const owner = await loginDevOwner(app.server);
    for (let i = 1; i <= 21; i++) {
      const res = await owner.post('/api/news', { title: `Paged story ${String(i).padStart(2, '0')}`, content: 'x' });
      expect(res.status).toBe(201);
    }
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openNews(page);
    const counter = page.getByTestId('news-page-counter');
    await visible(counter.getByText(/^Page 1 of 2$/));
    await page.getByRole('button', { name: 'Next' }).click();
    await visible(counter.getByText(/^Page 2 of 2$/));
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await visible(section(page, 'approved').getByText('No approved articles on this page'));
    // The oldest of 21 drafts is alone on page 2.
    await visible(rowIn(section(page, 'draft'), 'Paged story 01'));
    await page.getByRole('button', { name: 'Previous' }).click();
    await visible(counter.getByText(/^Page 1 of 2$/));

    // A colleague approves the same draft while this screen has not heard of it yet: hold back
    // this browser's live news messages (the socket reconnects through a filter), approve through
    // the API, then click Approve here — the real server answers 409.
    await page.routeWebSocket(/\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((message) => upstream.send(message));
      upstream.onMessage((message) => {
        if (!String(message).includes('"type":"news_')) ws.send(message);
      });
    });
    // After reconnecting the screen refetches everything; let that finish before the race.
    const refetched = page.waitForResponse((r) => r.url().includes('/api/news?status=draft'));
    app.server.hub.disconnectAll();
    await visible(shell(page).connection.getByText('Disconnected', { exact: true }));
    await visible(shell(page).connection.getByText('Connected', { exact: true }));
    await refetched;
    const raced = (
      await owner.get<{ items: Array<{ id: number; title: string }> }>('/api/news?status=draft&page=1&limit=20')
    ).body.items;
    const target = raced.find((n) => n.title === 'Paged story 21')!;
    expect((await owner.post(`/api/news/${target.id}/approve`)).status).toBe(200);
    await rowIn(section(page, 'draft'), 'Paged story 21').getByRole('button', { name: 'Approve' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Failed to approve news article' });
    await visible(toast.getByText('Only draft articles can be approved (this one is approved)'));
  });
});
