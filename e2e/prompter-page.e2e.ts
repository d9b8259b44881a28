import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Bulletin } from '../shared/contracts/bulletins';
import type { Prompter } from '../shared/contracts/prompters';
import type { ApiClient } from '../server/test/api-client';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { PHONE, useApp } from './support/app-fixture';
import { expectHidden, expectNoHorizontalOverflow, login, visible } from './support/pages';

const LIVE_MS = 6000;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const dialogOf = (page: Page, name: string) => page.getByRole('dialog', { name });
const namesOf = (page: Page) => page.getByTestId('prompter-name').allInnerTexts();
const settingsFor = (page: Page, name: string) =>
  page.getByRole('button', { name: `Prompter settings for ${name}`, exact: true });
const pageWidth = (page: Page) =>
  page.evaluate(() => document.scrollingElement?.scrollWidth ?? document.documentElement.scrollWidth);

describe('Prompter page', () => {
  const app = useApp();

  /** A station of its own per test, so each starts with no prompters. */
  async function station() {
    const dev = await loginDevOwner(app.server);
    const { owner, ownerPassword } = await createCompany(dev, app.server);
    return { owner, ownerPassword };
  }

  async function openAs(
    username: string,
    password: string,
    viewport?: { width: number; height: number },
  ): Promise<Page> {
    const page = await app.newPage(viewport);
    await login(page, username, password);
    await page.goto('/prompter');
    await visible(page.getByText('Prompter System', { exact: true }));
    return page;
  }

  const list = async (owner: ApiClient) => (await owner.get<Prompter[]>('/api/prompters')).body;

  it('empty state: owner gets Create and the hint; an editor neither, and no settings buttons', async () => {
    const { owner, ownerPassword } = await station();
    const editor = await createUser(owner, app.server, 'editor');
    const page = await openAs(owner.user.username, ownerPassword);
    await visible(page.getByText('Real-time script display for news broadcasts'));
    await visible(page.getByText('Available Prompters'));
    await visible(page.getByText('No prompters available', { exact: true }));
    await visible(page.getByText('Create your first prompter to get started'));
    await visible(page.getByText('Select a Prompter', { exact: true }));
    await visible(button(page, 'Create Prompter'));
    await visible(page.getByTestId('prompter-connection').getByText('Connected'));

    const other = await openAs(editor.user.username, editor.password);
    await visible(other.getByText('No prompters available', { exact: true }));
    expect(await other.getByText('Create your first prompter to get started').count()).toBe(0);
    expect(await button(other, 'Create Prompter').count()).toBe(0);

    // A prompter made elsewhere arrives live; only the owner gets its settings button.
    expect((await owner.post('/api/prompters', { name: 'Noon Desk' })).status).toBe(201);
    await expect.poll(() => namesOf(other), { timeout: LIVE_MS }).toEqual(['Noon Desk']);
    await visible(settingsFor(page, 'Noon Desk'));
    expect(await other.getByRole('button', { name: /^Prompter settings for/ }).count()).toBe(0);
    await visible(other.getByTestId('prompter-item').getByText('No bulletin'));
  });

  it('create (name error first, a bulletin), live on a second screen; rename sends only the name; delete with confirmation', async () => {
    const { owner, ownerPassword } = await station();
    const admin = await createUser(owner, app.server, 'admin');
    const made = await owner.post<Bulletin>('/api/bulletins', {
      title: 'Evening News',
      broadcastTime: '20:00',
      duration: 30,
      scheduledTime: '2026-11-23T20:00:00.000Z',
      bulletinItems: [{ type: 'break', breakType: 'LOCAL BREAK' }],
    });
    expect(made.status).toBe(201);
    const bulletinId = made.body.id;
    const page = await openAs(owner.user.username, ownerPassword);
    const watcher = await openAs(admin.user.username, admin.password);
    await visible(watcher.getByText('No prompters available', { exact: true }));

    await button(page, 'Create Prompter').click();
    const create = dialogOf(page, 'Create New Prompter');
    await button(create, 'Create Prompter').click();
    await visible(create.getByText('Name is required', { exact: true }));
    expect(await list(owner)).toEqual([]);
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Evening Prompter');
    await create.getByLabel('Bulletin', { exact: true }).first().click();
    await page.getByRole('option', { name: `Evening News (#${bulletinId})`, exact: true }).click();
    // A double-click creates one prompter (the list check below would show two).
    await button(create, 'Create Prompter').dblclick();
    await expectHidden(create);
    await visible(page.getByText('Prompter created'));

    const item = page.getByTestId('prompter-item');
    // The card names the bulletin by its title (issue 38), not "Bulletin #id".
    await visible(item.getByTestId('prompter-bulletin').getByText('Evening News', { exact: true }));
    expect(await item.getByTestId('prompter-status').innerText()).toMatch(/^active$/i);
    expect(await item.getByTestId('prompter-status').getAttribute('data-variant')).toBe('primary');
    expect(await list(owner)).toMatchObject([
      {
        name: 'Evening Prompter',
        bulletinId,
        status: 'active',
        fontSize: 72,
        scrollSpeed: 50,
        fontFamily: 'Arial',
        backgroundColor: '#000000',
        textColor: '#ffffff',
        isAutoScroll: false,
      },
    ]);
    await expect.poll(() => namesOf(watcher), { timeout: LIVE_MS }).toEqual(['Evening Prompter']);

    // Edit through the settings button: a partial PUT with the name alone and the version the
    // dialog loaded (issue 26: a stale save is refused, never silently written over).
    const loaded = (await list(owner))[0]?.version;
    expect(loaded).toBeGreaterThan(0);
    await settingsFor(page, 'Evening Prompter').click();
    const edit = dialogOf(page, 'Edit Prompter');
    const name = edit.getByRole('textbox', { name: 'Name', exact: true });
    expect(await name.inputValue()).toBe('Evening Prompter');
    await name.fill('Late Prompter');
    const puts: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/prompters/')) puts.push(r.postDataJSON());
    });
    await button(edit, 'Save Changes').dblclick();
    await expectHidden(edit);
    expect(puts).toEqual([{ name: 'Late Prompter', version: loaded }]);
    await expect.poll(() => namesOf(watcher), { timeout: LIVE_MS }).toEqual(['Late Prompter']);

    // Delete from the edit dialog: Cancel keeps it; confirming removes it on both screens.
    await settingsFor(page, 'Late Prompter').click();
    await button(dialogOf(page, 'Edit Prompter'), 'Delete').click();
    const confirm = dialogOf(page, 'Delete prompter');
    await visible(confirm.getByText('Late Prompter'));
    await button(confirm, 'Cancel').click();
    await expectHidden(confirm);
    expect(await list(owner)).toHaveLength(1);
    await button(dialogOf(page, 'Edit Prompter'), 'Delete').click();
    await button(dialogOf(page, 'Delete prompter'), 'Delete').click();
    await visible(page.getByText('Prompter deleted'));
    await expectHidden(dialogOf(page, 'Edit Prompter'));
    await visible(page.getByText('No prompters available', { exact: true }));
    await visible(watcher.getByText('No prompters available', { exact: true }));
    expect(await list(owner)).toEqual([]);
  });

  it('the edit form shows a speed of 10 as 30 and saves it; a selected prompter deleted elsewhere clears the panel', async () => {
    const { owner, ownerPassword } = await station();
    const slow = await owner.post<Prompter>('/api/prompters', { name: 'Fast Read', scrollSpeed: 10 });
    expect(slow.status).toBe(201);
    const page = await openAs(owner.user.username, ownerPassword);

    await settingsFor(page, 'Fast Read').click();
    const edit = dialogOf(page, 'Edit Prompter');
    await visible(edit.getByText('Milliseconds per step: lower is faster (recommended 100 to 150)'));
    expect(await edit.getByLabel('Scroll speed').inputValue()).toBe('30 ms');
    await button(edit, 'Save Changes').click();
    await expectHidden(edit);
    expect((await list(owner))[0]).toMatchObject({ name: 'Fast Read', scrollSpeed: 30 });

    // Selecting opens the reader; a delete elsewhere puts the panel back to 'Select a Prompter'.
    await page.getByTestId('prompter-item').getByText('Fast Read').click();
    await expectHidden(page.getByText('Select a Prompter', { exact: true }));
    expect((await owner.delete(`/api/prompters/${slow.body.id}`)).status).toBe(200);
    await visible(page.getByText('Select a Prompter', { exact: true }));
    await visible(page.getByText('No prompters available', { exact: true }));
  });

  it('shows the server’s message when a save is refused (bulletin deleted while the dialog was open)', async () => {
    const { owner, ownerPassword } = await station();
    const made = await owner.post<Bulletin>('/api/bulletins', {
      title: 'Soon Gone',
      broadcastTime: '12:00',
      duration: 10,
      scheduledTime: '2026-11-23T12:00:00.000Z',
      bulletinItems: [{ type: 'break', breakType: 'LOCAL BREAK' }],
    });
    const page = await openAs(owner.user.username, ownerPassword);
    await button(page, 'Create Prompter').click();
    const create = dialogOf(page, 'Create New Prompter');
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Noon Prompter');
    await create.getByLabel('Bulletin', { exact: true }).first().click();
    await page.getByRole('option', { name: `Soon Gone (#${made.body.id})`, exact: true }).click();
    expect((await owner.delete(`/api/bulletins/${made.body.id}`)).status).toBe(200);
    await button(create, 'Create Prompter').click();
    await visible(page.getByText('bulletinId: Bulletin not found', { exact: true }));
    // The dialog stays open with what was typed, so the operator can pick again.
    expect(await create.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Noon Prompter');
    expect(await list(owner)).toEqual([]);
  });

  it('works on a phone: list, create and edit dialogs, no sideways scrolling', async () => {
    const { owner, ownerPassword } = await station();
    await owner.post('/api/prompters', { name: 'ދިވެހި ޚަބަރު' });
    await owner.post('/api/prompters', { name: 'Evening News — Studio A main prompter with a long name' });
    const page = await openAs(owner.user.username, ownerPassword, PHONE);
    await expect.poll(() => page.getByTestId('prompter-item').count()).toBe(2);
    expectNoHorizontalOverflow(await pageWidth(page), PHONE.width);
    // The badge and the settings button stay on screen beside a long name.
    const badge = await page.getByTestId('prompter-status').last().boundingBox();
    expect(badge && badge.x + badge.width).toBeLessThanOrEqual(PHONE.width);
    const gear = await settingsFor(page, 'Evening News — Studio A main prompter with a long name').boundingBox();
    expect(gear && gear.x + gear.width).toBeLessThanOrEqual(PHONE.width);

    await button(page, 'Create Prompter').click();
    const create = dialogOf(page, 'Create New Prompter');
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Phone Desk');
    await button(create, 'Create Prompter').click();
    await expectHidden(create);
    await expect.poll(() => namesOf(page), { timeout: LIVE_MS }).toContain('Phone Desk');

    await settingsFor(page, 'ދިވެހި ޚަބަރު').click();
    const edit = dialogOf(page, 'Edit Prompter');
    await visible(button(edit, 'Save Changes'));
    expectNoHorizontalOverflow(await pageWidth(page), PHONE.width);
    await button(edit, 'Cancel').click();
    await expectHidden(edit);
  });
});
