import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OverlayOutput } from '../shared/contracts/overlay';
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
    await page
      .getByTestId(`user-row-${target.user.username}`)
      .getByRole('button', { name: `Edit ${target.user.username}` })
      .click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit User' }));

    expect((await admin.put(`/api/users/${target.user.id}`, { fullName: 'Mo From Admin', version: 1 })).status).toBe(
      200,
    );
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
    expect((await admin.put(`/api/users/${target.user.id}`, { email: 'mo@station.test', version: 2 })).status).toBe(
      200,
    );
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await (
      await visible(dialog.getByTestId('conflict-notice'))
    )
      .getByRole('button', { name: 'Overwrite with mine' })
      .click();
    await expectHidden(dialog);
    expect((await owner.get<User>(`/api/users/${target.user.id}`)).body).toMatchObject({
      fullName: 'Mo From Owner',
      email: 'mo@station.test',
      version: 4,
    });
  });

  it('the overlay layout: a stale save shows who styled it; Load theirs puts their layout in the form; Overwrite saves once', async () => {
    const { owner, ownerPassword } = await createCompany(await loginDevOwner(app.server), app.server);
    const admin = await createUser(owner, app.server, 'admin', { fullName: 'Aminath Admin' });
    const page = await app.newPage();
    await login(page, owner.user.username, ownerPassword);
    await shell(page).menuLink('Outputs').click();
    const card = await visible(page.getByTestId('overlay-layout-card'));
    const fontSize = card.getByLabel('Font size (px)');
    await fontSize.fill('50');

    const output = (await admin.get<OverlayOutput>('/api/outputs/overlay')).body;
    expect(
      (
        await admin.put('/api/outputs/overlay/layout', {
          ...output.layout,
          fontSize: 30,
          version: output.layoutVersion,
        })
      ).status,
    ).toBe(200);
    await card.getByRole('button', { name: 'Save layout' }).click();
    const notice = await visible(card.getByTestId('conflict-notice'));
    await visible(notice.getByText('Aminath Admin changed this overlay layout just now — your changes were not saved'));
    expect((await owner.get<OverlayOutput>('/api/outputs/overlay')).body.layout.fontSize).toBe(30);

    await notice.getByRole('button', { name: 'Load theirs' }).click();
    expect(await fontSize.inputValue()).toBe('30');
    await fontSize.fill('52');
    const now = (await admin.get<OverlayOutput>('/api/outputs/overlay')).body;
    expect(
      (await admin.put('/api/outputs/overlay/layout', { ...now.layout, tickerSpeed: 200, version: now.layoutVersion }))
        .status,
    ).toBe(200);
    await card.getByRole('button', { name: 'Save layout' }).click();
    await (
      await visible(card.getByTestId('conflict-notice'))
    )
      .getByRole('button', { name: 'Overwrite with mine' })
      .click();
    await expectHidden(card.getByTestId('conflict-notice'));
    await expect
      .poll(async () => (await owner.get<OverlayOutput>('/api/outputs/overlay')).body)
      .toMatchObject({ layout: { fontSize: 52 }, layoutVersion: 3 });
  });
});
