import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { User } from '../shared/contracts/users';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { expectHidden, login, shell, visible } from './support/pages';

const SHOTS = path.join(__dirname, '..', '.scratch');

/** The simpler conflict notice of issue 26, shown here on the Edit User dialog (bulletins, prompters and settings use the same one). */
describe('edit conflict notice', () => {
  const app = useApp();

  it('a stale user save is never silent: the notice names who changed it; Load theirs, then Overwrite with mine saves once', async () => {
    const { owner, ownerPassword } = await createCompany(await loginDevOwner(app.server), app.server);
    const admin = await createUser(owner, app.server, 'admin', { fullName: 'Aminath Admin' });
    const target = await createUser(owner, app.server, 'mcr', { fullName: 'Mo Control' });
    const page = await app.newPage();
    await login(page, owner.user.username, ownerPassword);
    await shell(page).menuLink('Users').click();
    await page.getByTestId(`user-row-${target.user.username}`).getByRole('button', { name: `Edit ${target.user.username}` }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit User' }));

    expect((await admin.put(`/api/users/${target.user.id}`, { fullName: 'Mo From Admin', version: 1 })).status).toBe(200);
    await dialog.getByLabel('Full Name').fill('Mo From Owner');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const notice = await visible(dialog.getByTestId('conflict-notice'));
    await visible(notice.getByText('Aminath Admin changed this user just now — your changes were not saved'));
    await page.screenshot({ path: path.join(SHOTS, 'user-conflict-notice.png') });
    expect((await owner.get<User>(`/api/users/${target.user.id}`)).body.fullName).toBe('Mo From Admin');

    await notice.getByRole('button', { name: 'Load theirs' }).click();
    expect(await dialog.getByLabel('Full Name').inputValue()).toBe('Mo From Admin');
    await dialog.getByLabel('Full Name').fill('Mo From Owner');
    // Someone saves again meanwhile: this time the owner overwrites on purpose.
    expect((await admin.put(`/api/users/${target.user.id}`, { email: 'mo@station.test', version: 2 })).status).toBe(200);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await (await visible(dialog.getByTestId('conflict-notice'))).getByRole('button', { name: 'Overwrite with mine' }).click();
    await expectHidden(dialog);
    expect((await owner.get<User>(`/api/users/${target.user.id}`)).body).toMatchObject({ fullName: 'Mo From Owner', email: 'mo@station.test', version: 4 });
  });
});
