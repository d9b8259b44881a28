import { describe, expect, it } from 'vitest';
import { DEV_OWNER } from '../server/test/test-server';
import { createUser, loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { expectHidden, login, shell, visible } from './support/pages';
import type { Page } from 'playwright-core';

async function openUsers(page: Page): Promise<void> {
  await shell(page).menuLink('Users').click();
  await visible(page.getByRole('heading', { name: 'Users', exact: true }));
}

async function fillUserForm(
  page: Page,
  fields: { username: string; password: string; fullName: string; telegramId?: string },
) {
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Username').fill(fields.username);
  await dialog.getByLabel('Password', { exact: false }).first().fill(fields.password);
  await dialog.getByLabel('Full Name').fill(fields.fullName);
  if (fields.telegramId) await dialog.getByLabel('Telegram ID').fill(fields.telegramId);
  return dialog;
}

describe('users', () => {
  const app = useApp();

  it('creates a user through the dialog who can then log in elsewhere', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openUsers(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = await fillUserForm(page, {
      username: 'anchor.ana',
      password: 'anchor-pass-1',
      fullName: 'Ana Anchor',
      telegramId: '123456789',
    });
    expect(await dialog.getByLabel('Role').inputValue()).toBe('editor');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expectHidden(dialog);
    const row = page.getByTestId('user-row-anchor.ana');
    await visible(row.getByText('Ana Anchor'));
    await visible(row.getByText('123456789'));
    await visible(row.getByText('editor'));

    const second = await app.newPage();
    await login(second, 'anchor.ana', 'anchor-pass-1');
    await visible(second.getByTestId('menu-user-name').getByText('Ana Anchor'));
    await openUsers(second);
    await expectHidden(second.getByRole('button', { name: 'Add User' }));
  });

  it('asks for the required fields and shows the server refusal inline', async () => {
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openUsers(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await visible(dialog.getByText('Username is required'));
    await visible(dialog.getByText('Full name is required'));
    await fillUserForm(page, { username: DEV_OWNER.username, password: 'another-pass-1', fullName: 'Duplicate' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await visible(dialog.getByRole('alert').getByText('Failed to create user: Username already exists'));
  });

  it('edits, deactivates and deletes a user; other screens follow live', async () => {
    const owner = await loginDevOwner(app.server);
    const target = await createUser(owner, app.server, 'mcr', { fullName: 'Mo Control' });
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openUsers(page);
    const row = page.getByTestId(`user-row-${target.user.username}`);
    await row.getByRole('button', { name: `Edit ${target.user.username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await visible(dialog.getByPlaceholder('Leave blank to keep'));
    await dialog.getByLabel('Full Name').fill('Mo Master Control');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectHidden(dialog);
    await visible(row.getByText('Mo Master Control'));

    await row.getByRole('switch', { name: `Active: ${target.user.username}` }).click();
    await visible(row.getByText('Inactive', { exact: true }));

    // A change made elsewhere (another admin, via the API) reaches this screen over the live channel.
    await owner.put(`/api/users/${target.user.id}`, { fullName: 'Mo Renamed Live' });
    await visible(row.getByText('Mo Renamed Live'));

    await row.getByRole('button', { name: `Delete ${target.user.username}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectHidden(row);
  });
});
