import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CgFile } from '../shared/contracts/cg-files';
import { createStation, createUser } from '../server/test/factories';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

/**
 * Issue 39 point 6: the file centre's dialog no longer offers "File Name" and "Output Path" (saved
 * and ignored); it shows, read-only, the file's real place — <type>.txt in the station's CG folder —
 * and follows a folder move live.
 */
describe('CG File Centre: the file’s real name and folder', () => {
  const app = useApp();

  it('shows timer.txt in the station’s folder, not editable, and the new folder after a move', async () => {
    const { owner, folder, companyId } = await createStation(app.server);
    await owner.post<CgFile>('/api/cg-files', { type: 'timer', content: '45:00' });
    const mcr = await createUser(owner, app.server, 'mcr', { fullName: 'Mariyam MCR' });
    const page = await app.newPage();
    await login(page, mcr.user.username, mcr.password);
    await page.goto('/cg-control');
    const card = await visible(page.getByTestId('cg-type-timer'));
    await card.getByRole('button', { name: 'Edit timer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit CG File' });
    const file = await visible(dialog.getByRole('textbox', { name: 'File', exact: true }));
    expect(await file.inputValue()).toBe(path.join(folder, 'timer.txt'));
    expect(await file.getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByRole('textbox', { name: 'File Name' }).count()).toBe(0);
    expect(await dialog.getByRole('textbox', { name: 'Output Path' }).count()).toBe(0);
    expect(await dialog.getByText('./cg_output').count()).toBe(0);
    await dialog.screenshot({ path: '.scratch/issue39-cg-file-dialog.png' });

    // An owner moves the station's CG folder: the open dialog shows where the file is now.
    expect((await owner.put('/api/settings', { cgOutputPath: `./match-graphics-${companyId}` })).status).toBe(200);
    const moved = path.join(app.server.baseDir, `match-graphics-${companyId}`, 'timer.txt');
    await expect.poll(() => file.inputValue(), { timeout: 5000 }).toBe(moved);

    // Saving still writes timer.txt in the new folder.
    await dialog.getByRole('textbox', { name: 'Content' }).fill('46:00');
    await dialog.getByRole('button', { name: 'Update File' }).click();
    await expect
      .poll(async () => (await owner.get<CgFile[]>('/api/cg-files')).body.find((f) => f.type === 'timer')?.content, {
        timeout: 5000,
      })
      .toBe('46:00');
  });

  it('the add dialog names the chosen type’s file in the station’s folder', async () => {
    const { owner, folder } = await createStation(app.server);
    await owner.post<CgFile>('/api/cg-files', { type: 'headline', content: 'On air' });
    const page = await app.newPage();
    const admin = await createUser(owner, app.server, 'admin');
    await login(page, admin.user.username, admin.password);
    await page.goto('/cg-control');
    await (await visible(page.getByTestId('cg-type-score1'))).getByRole('button', { name: 'Add score1 file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add CG File' });
    expect(await (await visible(dialog.getByRole('textbox', { name: 'File', exact: true }))).inputValue()).toBe(
      path.join(folder, 'score1.txt'),
    );
    await dialog.screenshot({ path: '.scratch/issue39-cg-file-dialog-add.png' });
  });
});
