import { describe, it } from 'vitest';
import { loginDevOwner, createUser } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

/** Issue 41: Settings → Backups for the host station's owner — Back up now, the list, the settings form. */
describe('Backups page', () => {
  const app = useApp();

  it('takes a backup now, lists it verified, and shows the off-PC warning', async () => {
    const dev = await loginDevOwner(app.server);
    const owner = await createUser(dev, app.server, 'owner');
    const page = await app.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, owner.user.username, owner.password);
    await page.getByRole('link', { name: 'Backups' }).click();
    await visible(page.getByText('No off-PC folder is set'));
    await page.getByRole('button', { name: 'Back up now' }).click();
    await visible(page.getByText('Verified', { exact: true }).first());
    await visible(page.getByRole('button', { name: 'Download' }).first());
    await visible(page.getByText('App Version installer files', { exact: false }));
    await page.screenshot({ path: '.scratch/backups-page-1440.png', fullPage: false });
  });
});
