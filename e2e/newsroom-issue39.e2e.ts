import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { News } from '../shared/contracts/news';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { createBulletin } from '../server/test/bulletin-factory';
import { createApprovedNews, createNews } from '../server/test/news-factory';
import { PHONE, useApp } from './support/app-fixture';
import { isOnScreen, login, shell, visible } from './support/pages';

/**
 * Issue 39 newsroom points 2 and 3, as people see them: the station's "a second person approves"
 * switch and the Submit action; a concurrent editor told at once of a newer save, with the diff.
 */
const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });

describe('issue 39 newsroom', () => {
  const app = useApp();

  async function newsroom() {
    const { owner } = await createCompany(await loginDevOwner(app.server), app.server);
    const [eman, ibrahim] = await Promise.all([
      createUser(owner, app.server, 'editor', { fullName: 'Eman Editor' }),
      createUser(owner, app.server, 'editor', { fullName: 'Ibrahim Editor' }),
    ]);
    const open = async (who: typeof eman) => {
      const page = await app.newPage();
      await login(page, who.user.username, who.password);
      await shell(page).menuLink('News Management').click();
      await visible(shell(page).connection.getByText('Connected', { exact: true }));
      return page;
    };
    return { owner, eman, ibrahim, open };
  }

  const row = (page: Page, id: number) => page.getByTestId(`news-row-${id}`);

  it('point 2: with a second approver the writer submits instead of approving; the other editor’s bell says so', async () => {
    const r = await newsroom();
    await r.owner.put('/api/settings', { secondApprover: true });
    const story = await createNews(r.eman, { title: 'Fisheries quota agreed' });
    const writer = await r.open(r.eman);
    const mine = row(writer, story.id);
    await visible(mine.getByRole('button', { name: 'Submit for approval' }));
    expect(await mine.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await visible(mine.getByText('A second person approves: another editor approves your story.'));
    await mine.screenshot({ path: `${SHOTS}/i39-02-submit-own-draft.png` });

    const approver = await r.open(r.ibrahim);
    await visible(row(approver, story.id).getByRole('button', { name: 'Approve' }));

    await mine.getByRole('button', { name: 'Submit for approval' }).click();
    await visible(writer.getByText('Submitted for approval: the editors are told'));
    await visible(mine.getByText(/Submitted for approval .* by Eman Editor/));
    expect(await mine.getByRole('button', { name: 'Submit for approval' }).count()).toBe(0);

    // The approver's bell counts it (news_updated refreshes the bell); its list names the story.
    await shell(approver).bell.click();
    await visible(approver.getByText('Submitted for approval', { exact: true }));
    await visible(approver.getByText('"Fisheries quota agreed" — Eman Editor'));
    await approver.screenshot({ path: `${SHOTS}/i39-02-approver-bell.png` });
  });

  it('point 2: the setting is a switch in Settings (owners and admins)', async () => {
    const { owner, ownerPassword } = await createCompany(await loginDevOwner(app.server), app.server);
    const page = await app.newPage();
    await login(page, owner.user.username, ownerPassword);
    await page.goto('/settings');
    const card = page.getByTestId('settings-second-approver');
    await card.scrollIntoViewIfNeeded();
    const toggle = card.getByRole('switch', { name: 'A second person approves' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await visible(page.getByText('A second person now approves each story'));
    expect((await owner.get<{ secondApprover: boolean }>('/api/settings')).body.secondApprover).toBe(true);
    await card.screenshot({ path: `${SHOTS}/i39-02-settings-switch.png` });
  });

  it('point 3: editor 2 is told at once that editor 1 saved, and reviews the diff before typing on', async () => {
    const r = await newsroom();
    const story = await createNews(r.owner, { title: 'Airport runway', content: 'The runway opens in March.' });
    const one = await r.open(r.eman);
    const two = await r.open(r.ibrahim);
    for (const page of [one, two]) {
      await row(page, story.id).getByRole('button', { name: 'Edit' }).click();
      await visible(page.getByRole('dialog', { name: 'Edit News' }));
    }
    await visible(two.getByTestId('editing-notice').getByText('Eman Editor is editing this story'));

    const dialogOne = one.getByRole('dialog', { name: 'Edit News' });
    await dialogOne.getByLabel('Content').fill('The runway opens in April, the minister said.');
    await dialogOne.getByRole('button', { name: 'Save Changes' }).click();
    await visible(one.getByText('News article updated'));

    // Editor 2 is told within two seconds, by name, without having to save first.
    const dialogTwo = two.getByRole('dialog', { name: 'Edit News' });
    const notice = dialogTwo.getByTestId('newer-version-notice');
    await notice.getByText('Eman Editor saved a newer version').waitFor({ state: 'visible', timeout: 2000 });
    await dialogTwo.screenshot({ path: `${SHOTS}/i39-03-newer-version-notice.png` });

    await notice.getByRole('button', { name: 'Review' }).click();
    const compare = dialogTwo.getByTestId('news-conflict');
    await visible(compare.getByText('Theirs (saved by Eman Editor)'));
    await visible(compare.locator('mark[data-diff="add"]').getByText('April,', { exact: false }));
    await dialogTwo.screenshot({ path: `${SHOTS}/i39-03-review-diff.png` });

    // Take theirs: the form now holds Eman's text at the new version, and a save goes through.
    await compare.getByRole('button', { name: 'Take theirs' }).click();
    expect(await dialogTwo.getByLabel('Content').inputValue()).toBe('The runway opens in April, the minister said.');
    expect(await dialogTwo.getByTestId('newer-version-notice').count()).toBe(0);
    await dialogTwo.getByRole('textbox', { name: 'Title', exact: true }).fill('Airport runway: April');
    await dialogTwo.getByRole('button', { name: 'Save Changes' }).click();
    await visible(two.getByText('News article updated'));
    const saved = (await r.owner.get<News>(`/api/news/${story.id}`)).body;
    expect(saved).toMatchObject({
      title: 'Airport runway: April',
      content: 'The runway opens in April, the minister said.',
    });
  });

  /** A 5-minute 21:00 bulletin of 90 s + 120 s + 60 s = 4:30: 30 s under. */
  async function bulletinStation(viewport = { width: 1440, height: 900 }) {
    const { owner, ownerPassword, companyId } = await createCompany(await loginDevOwner(app.server), app.server);
    const story = await createApprovedNews(owner, { title: 'Harbour reopens' });
    const id = await createBulletin(app.server, companyId, owner.user.id, {
      title: 'Nine o’clock news',
      broadcastTime: '21:00',
      duration: 5,
      items: [
        { type: 'news', newsId: story.id, durationSeconds: 90 },
        { type: 'break', breakType: 'LOCAL BREAK', durationSeconds: 120 },
        { type: 'headline', durationSeconds: 60 },
      ],
    });
    const page = await app.newPage(viewport);
    await login(page, owner.user.username, ownerPassword);
    await page.goto('/bulletins');
    await visible(page.getByTestId('bulletin-title').getByText('Nine o’clock news'));
    return { page, id };
  }

  it('point 5: the list and the preview back-time the running order against the slot', async () => {
    const { page } = await bulletinStation();
    const listRow = page.getByTestId('bulletin-row');
    await visible(listRow.getByTestId('bulletin-ends').getByText('Ends 21:04:30 · slot ends 21:05:00'));
    await page.getByTestId('bulletins-table').screenshot({ path: `${SHOTS}/i39-05-list-desktop.png` });

    await listRow.getByRole('button', { name: 'Preview Nine o’clock news' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulletin Preview' });
    await visible(
      dialog.getByTestId('bulletin-preview-timing').getByText('On air 21:00:00 · ends 21:04:30 · slot ends 21:05:00'),
    );
    expect(await dialog.getByTestId('item-on-air').allInnerTexts()).toEqual(['21:00:00', '21:01:30', '21:03:30']);
    expect(await dialog.getByTestId('item-back-time').allInnerTexts()).toEqual(['21:00:30', '21:02:00', '21:04:00']);
    await dialog.screenshot({ path: `${SHOTS}/i39-05-preview-desktop.png` });
  });

  it('point 5 at 390 px: the row’s actions are on screen; the form explains both times and keeps them in step', async () => {
    const { page } = await bulletinStation(PHONE);
    const listRow = page.getByTestId('bulletin-row');
    const edit = listRow.getByRole('button', { name: 'Edit Nine o’clock news' });
    expect(await isOnScreen(page, edit), 'Edit is inside the 390 px viewport without scrolling sideways').toBe(true);
    const box = await edit.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/i39-05-list-390.png` });

    await listRow.getByRole('button', { name: 'Preview Nine o’clock news' }).click();
    const preview = page.getByRole('dialog', { name: 'Bulletin Preview' });
    await visible(preview.getByTestId('item-on-air').first());
    await preview.screenshot({ path: `${SHOTS}/i39-05-preview-390.png` });
    await preview
      .getByRole('button', { name: 'Close' })
      .click()
      .catch(() => page.keyboard.press('Escape'));
    await page.keyboard.press('Escape');

    await edit.click();
    const form = page.getByRole('dialog', { name: 'Edit Bulletin' });
    await visible(form.getByText('The clock time it goes on air; the running order is timed from it'));
    await visible(form.getByText('The day and time in the schedule (sorting, prompters)'));
    // The seeded bulletin is scheduled "now", not at 21:00: not in step until asked.
    const inStep = form.getByTestId('bulletin-times-in-step');
    expect(await inStep.isChecked()).toBe(false);
    await inStep.check();
    await form.getByRole('textbox', { name: 'Broadcast time' }).fill('21:30');
    expect(await form.locator('input[type="datetime-local"]').inputValue()).toMatch(/T21:30$/);
    await form.locator('input[type="datetime-local"]').fill('2026-12-01T06:45');
    expect(await form.getByRole('textbox', { name: 'Broadcast time' }).inputValue()).toBe('06:45');
    await form.screenshot({ path: `${SHOTS}/i39-05-form-390.png` });
  });
});
