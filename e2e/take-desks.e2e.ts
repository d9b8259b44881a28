import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CgNext } from '../shared/contracts/cg-next';
import { createUser, loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';
import { ensureTakeMode, openCgControl } from './support/take-mode';

/**
 * Issue 38, points 1, 3 and 12 — take mode as two MCR desks use it: another desk's change just
 * before Take does not air unseen; the file centre and the Telegram page go through NEXT (and say
 * so before); the Take keys work while typing. Screenshots land in /tmp/shots.
 */
const POLL = { timeout: 5000, interval: 50 } as const;
const SHOTS = '/tmp/shots';

/** CG Control open, live, with NEXT on screen (take mode is on in every test here). */
async function openDesk(page: Page): Promise<void> {
  await openCgControl(page);
  await page.getByTestId('next-block').waitFor();
}

/** Stages a headline from a desk's own Headline field and button, as an operator does. */
async function stageHeadline(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Headline', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Headline', exact: true }).click();
}

describe('take mode on two desks', () => {
  const app = useApp();
  const cgFile = (type: string) => {
    const file = path.join(app.server.baseDir, 'cg_output', `${type}.txt`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };

  it('a change by another desk just before Take does not air unseen: shown (who, what), Take held until a second look', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const owner = await loginDevOwner(app.server);
    await ensureTakeMode(owner);
    const one = await createUser(owner, app.server, 'mcr', { fullName: 'Operator One' });
    const two = await createUser(owner, app.server, 'mcr', { fullName: 'Operator Two' });
    const desk1 = await app.newPage();
    const desk2 = await app.newPage();
    await login(desk1, one.user.username, one.password);
    await login(desk2, two.user.username, two.password);
    await openDesk(desk1);
    await openDesk(desk2);
    const takes: number[] = [];
    desk1.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/cg-files/take')
        takes.push((JSON.parse(r.postData() ?? '{}') as { version: number }).version);
    });

    await stageHeadline(desk1, 'Operator one');
    await desk1.getByTestId('next-text-headline').getByText('Operator one', { exact: true }).waitFor();
    // The second desk stages a moment later; the first desk's NEXT follows live…
    await stageHeadline(desk2, 'Operator TWO');
    await desk1.getByTestId('next-text-headline').getByText('Operator TWO', { exact: true }).waitFor();
    // …and the first operator, reaching for Take, presses it at once (twice, as a double-click).
    await desk1.getByTestId('next-take').dblclick();
    await desk1.waitForTimeout(300);
    expect(cgFile('headline')).toBeNull();
    expect(takes).toEqual([]);

    const notice = await visible(desk1.getByTestId('next-foreign-change'));
    await visible(notice.getByText('Operator Two changed NEXT just now', { exact: true }));
    await visible(notice.getByText('Headline: “Operator one” → “Operator TWO”', { exact: true }));
    await visible(notice.getByText('Take held: look at NEXT, then press Take again to air it.', { exact: true }));
    expect(await desk1.getByTestId('next-list').locator('[data-changed="true"]').count()).toBe(1);
    // The desk that made the change never sees its own text marked as another desk's.
    expect(
      await desk2.getByTestId('next-list').locator('[data-changed="true"]').getByText('Operator TWO').count(),
    ).toBe(0);
    await desk1.getByTestId('on-air-with-next').screenshot({ path: path.join(SHOTS, 'cg-next-foreign-change.png') });

    // A second, deliberate press airs what this screen shows, with the version it shows.
    const seen = (await owner.get<CgNext>('/api/cg-files/next')).body.version;
    await desk1.getByTestId('next-take').click();
    await expect.poll(() => cgFile('headline'), POLL).toBe('Operator TWO');
    expect(takes).toEqual([seen]);
    await desk1.getByTestId('next-empty').waitFor();
    await desk2.getByTestId('next-empty').waitFor();
    expect(await desk1.getByTestId('next-foreign-change').count()).toBe(0);
  });

  it('with nothing held, Take arms by itself once the change has been on screen for a moment', async () => {
    const owner = await loginDevOwner(app.server);
    await ensureTakeMode(owner);
    const one = await createUser(owner, app.server, 'mcr', { fullName: 'Desk Three' });
    const desk = await app.newPage();
    await login(desk, one.user.username, one.password);
    await openDesk(desk);
    await owner.post('/api/cg-files/update-direct', { type: 'infoline', content: 'Roads reopen at noon' });
    await desk.getByTestId('next-text-infoline').waitFor();
    const take = desk.getByTestId('next-take');
    expect(await take.getAttribute('data-armed')).toBe('false');
    await expect.poll(() => take.getAttribute('data-armed'), POLL).toBe('true');
    await take.click();
    await expect.poll(() => cgFile('infoline'), POLL).toBe('Roads reopen at noon');
  });

  it('the file centre ("+", edit) and the Telegram page stage in NEXT and say so before; a headline clears the old subheadline', async () => {
    const owner = await loginDevOwner(app.server);
    await ensureTakeMode(owner);
    await owner.post('/api/cg-files', { type: 'titlebar', content: 'Evening news', stage: true });
    await owner.post('/api/cg-files/update-direct', {
      type: 'headline',
      content: 'Old story',
      subheadline: 'Old story line',
    });
    await owner.post('/api/cg-files/take', { version: (await owner.get<CgNext>('/api/cg-files/next')).body.version });
    expect([cgFile('titlebar'), cgFile('headline'), cgFile('subheadline')]).toEqual([
      'Evening news',
      'Old story',
      'Old story line',
    ]);
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openDesk(page);

    // "+" on breaking news: the dialog says it waits in NEXT, and it does.
    await page.getByTestId('cg-type-breakingnews').getByRole('button', { name: 'Add breakingnews file' }).click();
    const add = page.getByRole('dialog', { name: 'Add CG File' });
    await visible(add.getByTestId('cg-file-take-note'));
    await add.getByRole('textbox', { name: 'Content' }).fill('Dam breach upstream');
    await add.getByRole('button', { name: /^(Stage in NEXT|Create File)$/ }).click();
    await page.getByTestId('next-text-breakingnews').getByText('Dam breach upstream', { exact: true }).waitFor();
    expect(cgFile('breakingnews') ?? '').toBe('');

    // Edit on the title bar: the same.
    await page.getByTestId('cg-type-titlebar').getByRole('button', { name: 'Edit titlebar' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit CG File' });
    await edit.getByRole('textbox', { name: 'Content' }).fill('Late news');
    await edit.getByRole('button', { name: /^(Stage in NEXT|Update File)$/ }).click();
    await page.getByTestId('next-text-titlebar').getByText('Late news', { exact: true }).waitFor();
    expect(cgFile('titlebar')).toBe('Evening news');

    // The Telegram page's Update CG Bar: a headline waits in NEXT with the old subheadline cleared.
    await page.goto('/telegram');
    await page.getByRole('button', { name: 'Update CG Bar' }).click();
    const bar = page.getByRole('dialog', { name: 'Update CG Bar' });
    await visible(
      bar.getByText('Take mode is on: this waits in NEXT until an operator takes it in CG Control.', { exact: true }),
    );
    await bar.getByRole('textbox', { name: 'Content' }).fill('Storm passes');
    await bar.getByRole('button', { name: /^(Stage in NEXT|Update CG Bar)$/ }).click();
    await visible(
      page.getByText('headline (subheadline cleared) staged in NEXT: take it in CG Control', { exact: true }),
    );
    const next = (await owner.get<CgNext>('/api/cg-files/next')).body;
    expect(next.changes.filter((c) => c.type === 'headline' || c.type === 'subheadline')).toEqual([
      { type: 'headline', content: 'Storm passes' },
      { type: 'subheadline', content: '' },
    ]);
    expect([cgFile('headline'), cgFile('subheadline')]).toEqual(['Old story', 'Old story line']);
    await owner.delete('/api/cg-files/next');
  });

  it('keyboard: a skip link to the fields, Ctrl+Enter and F2 take while typing, Esc leaves a field, the empty preview says so', async () => {
    const owner = await loginDevOwner(app.server);
    await ensureTakeMode(owner);
    await owner.delete('/api/cg-files/next');
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openDesk(page);
    await visible(
      page.getByTestId('after-take-empty').getByText('NEXT is empty — this is what is on air', { exact: true }),
    );

    // The first Tab of the page (just loaded: focus at the top) is the skip link; Enter lands in the Headline field.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to CG fields' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const headline = page.getByRole('textbox', { name: 'Headline', exact: true });
    expect(await headline.evaluate((el) => el === document.activeElement)).toBe(true);

    // Enter stages; Ctrl+Enter takes while the cursor is still in the field.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Keyboard take one');
    await page.keyboard.press('Enter');
    await page.getByTestId('next-text-headline').getByText('Keyboard take one', { exact: true }).waitFor();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => cgFile('headline'), POLL).toBe('Keyboard take one');
    expect(await headline.evaluate((el) => el === document.activeElement)).toBe(true);
    // F2 (CasparCG Client's Play) does the same.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Keyboard take two');
    await page.keyboard.press('Enter');
    await page.getByTestId('next-text-headline').getByText('Keyboard take two', { exact: true }).waitFor();
    await page.keyboard.press('F2');
    await expect.poll(() => cgFile('headline'), POLL).toBe('Keyboard take two');

    // Esc leaves the field (focus on NEXT); a second Esc clears what is staged.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Never aired');
    await page.keyboard.press('Enter');
    await page.getByTestId('next-text-headline').getByText('Never aired', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cg-next');
    await page.keyboard.press('Escape');
    await page.getByTestId('next-empty').waitFor();
    expect(cgFile('headline')).toBe('Keyboard take two');
  });
});
