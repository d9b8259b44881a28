import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OverlayOutput } from '../shared/contracts/overlay';
import { loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { useApp } from './support/app-fixture';
import { expectHidden, login, shell, visible } from './support/pages';

/**
 * Issue 38, point 7: the Override dialog starts empty, the full-screen slate shows what the
 * dialog said (text and second line), and End emergency offers — previewed, one click — the
 * lower third that was on air before the override. Screenshots land in /tmp/shots.
 */
const POLL = { timeout: 5000, interval: 50 } as const;
const SHOTS = '/tmp/shots';

describe('the emergency says what airs and ends where it began', () => {
  const app = useApp();
  const cgFile = (type: string) => {
    const file = path.join(app.server.baseDir, 'cg_output', `${type}.txt`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };

  it('starts empty, the slate shows both lines, End puts back the lower third from before', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Harbour reopens',
      subheadline: 'Ferries from 6 am',
    });
    const { path: overlayPath } = (await owner.get<OverlayOutput>('/api/outputs/overlay')).body;
    const overlay = await app.newPage({ width: 1920, height: 1080 });
    await overlay.goto(overlayPath);
    await overlay.waitForFunction(() => document.documentElement.dataset.connected === 'true');

    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/cg-control');
    await shell(page).connection.getByText('Connected', { exact: true }).waitFor();
    // The control panel's draft holds the story on air: the override must not start from it.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Headline', exact: true }).inputValue(), POLL)
      .toBe('Harbour reopens');
    await page.getByTestId('cg-control-panel').getByRole('button', { name: 'Override', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate emergency override?' });
    const text = dialog.getByRole('textbox', { name: 'Emergency text', exact: true });
    await visible(text);
    expect(await text.inputValue()).toBe('');
    await text.fill('FLOOD WARNING');
    await dialog.getByRole('textbox', { name: 'Subheadline', exact: true }).fill('Go to high ground');
    // The dialog's slate is the overlay's own: both lines, as they will air.
    const slate = dialog.getByTestId('emergency-slate-preview').locator('.emergency-text');
    await expect.poll(() => slate.innerText(), POLL).toBe('FLOOD WARNING\nGo to high ground');
    await dialog.screenshot({ path: path.join(SHOTS, 'emergency-dialog.png') });
    await dialog.getByRole('button', { name: 'Override', exact: true }).click();
    await expectHidden(dialog);

    await expect.poll(() => cgFile('emergency'), POLL).toBe('FLOOD WARNING\nGo to high ground');
    await expect
      .poll(() => overlay.locator('.emergency-text').innerText(), POLL)
      .toBe('FLOOD WARNING\nGo to high ground');
    await overlay.screenshot({ path: path.join(SHOTS, 'emergency-slate.png') });

    // End: the lower third from before, previewed, back with one click.
    await page.getByTestId('emergency-bar').getByRole('button', { name: 'End emergency' }).click();
    const end = page.getByRole('dialog', { name: 'End emergency?' });
    const before = await visible(end.getByTestId('end-emergency-before'));
    await visible(before.getByText('Harbour reopens', { exact: true }));
    await visible(before.getByText('Ferries from 6 am', { exact: true }));
    await end.screenshot({ path: path.join(SHOTS, 'emergency-end-put-back.png') });
    await end.getByRole('button', { name: 'End and put back' }).click();
    await expect
      .poll(() => [cgFile('emergency'), cgFile('headline'), cgFile('subheadline')], POLL)
      .toEqual(['', 'Harbour reopens', 'Ferries from 6 am']);
    await overlay.locator('.headline').getByText('Harbour reopens', { exact: true }).waitFor();
    await expectHidden(page.getByTestId('emergency-bar'));
  });
});
