import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Equipment, EquipmentRequest } from '../shared/contracts/equipment';
import type { News } from '../shared/contracts/news';
import { loginDevOwner } from '../server/test/factories';
import { createNews } from '../server/test/news-factory';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { keyboardLogin, stopsWithoutVisibleFocus, tabTo } from './support/keyboard';
import { expectHidden, visible } from './support/pages';

/**
 * Issue 27: the on-air and desk work done with the keyboard alone (Tab, Shift+Tab, Enter, Space,
 * Escape; no mouse), every stop on the way showing its focus, and what goes on air said to a
 * screen reader through the OnAirAnnouncer's live regions.
 */
const POLL = { timeout: 5000, interval: 50 } as const;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

async function replaceText(text: string, page: Page): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

describe('keyboard only', () => {
  const app = useApp();
  const cgFile = (type: string) => {
    const file = path.join(app.server.baseDir, 'cg_output', `${type}.txt`);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };

  it('puts a headline on air, overrides with an emergency and ends it; a screen reader hears each', async () => {
    const page = await app.newPage();
    await keyboardLogin(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/cg-control');
    await visible(page.getByRole('heading', { name: 'CG Control', level: 1 }));
    const polite = page.getByTestId('on-air-polite');
    const assertive = page.getByTestId('on-air-assertive');

    await tabTo(textbox(page, 'Headline'));
    await replaceText('Harbour reopens at dawn', page);
    await page.keyboard.press('Tab');
    await replaceText('Ferries from 6 am', page);
    await tabTo(button(page, 'Headline'));
    await page.keyboard.press('Enter');
    await expect.poll(() => cgFile('headline'), POLL).toBe('Harbour reopens at dawn');
    await expect
      .poll(() => polite.innerText(), POLL)
      .toBe('On air now: headline Harbour reopens at dawn; subheadline Ferries from 6 am');

    // Override from the panel's box: Enter opens the dialog with the text field focused.
    await tabTo(button(page.getByTestId('cg-control-panel'), 'Override'));
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog', { name: 'Activate emergency override?' }));
    expect(await textbox(dialog, 'Emergency text').evaluate((el) => el === document.activeElement)).toBe(true);
    await replaceText('FLOOD WARNING FOR THE CAPITAL', page);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Stay indoors');
    await tabTo(button(dialog, 'Override'));
    await page.keyboard.press('Enter');
    // The slate carries the second line under the text, and is read as two sentences (issue 38).
    await expect.poll(() => cgFile('emergency'), POLL).toBe('FLOOD WARNING FOR THE CAPITAL\nStay indoors');
    await expectHidden(dialog);
    await expect
      .poll(() => assertive.innerText(), POLL)
      .toBe('Emergency on air: FLOOD WARNING FOR THE CAPITAL. Stay indoors');

    // The red bar sits above the panel: Shift+Tab goes back up to its End emergency.
    const bar = page.getByTestId('emergency-bar');
    await tabTo(button(bar, 'End emergency'), { backwards: true });
    await page.keyboard.press('Enter');
    const confirm = await visible(page.getByRole('dialog', { name: 'End emergency?' }));
    // Escape is "not yet": nothing changes on air, focus comes back to the button.
    await page.keyboard.press('Escape');
    await expectHidden(confirm);
    expect(cgFile('emergency')).toBe('FLOOD WARNING FOR THE CAPITAL\nStay indoors');
    await expect
      .poll(() => button(bar, 'End emergency').evaluate((el) => el === document.activeElement), POLL)
      .toBe(true);
    await page.keyboard.press('Space');
    await visible(confirm);
    await tabTo(button(confirm, 'End emergency'));
    await page.keyboard.press('Enter');
    await expect.poll(() => cgFile('emergency'), POLL).toBe('');
    await expect.poll(() => polite.innerText(), POLL).toBe('Emergency off air');
  });

  it('approves a story and requests equipment with the keyboard', async () => {
    const owner = await loginDevOwner(app.server);
    const story = await createNews(owner, { title: 'Council votes on harbour budget' });
    const item = (
      await owner.post<Equipment>('/api/equipment', {
        code: 'KB-001',
        name: 'Sony FX6 keyboard kit',
        quantity: 1,
        location: 'Store room A',
      })
    ).body;
    const page = await app.newPage();
    await keyboardLogin(page, DEV_OWNER.username, DEV_OWNER.password);

    await page.goto('/news');
    const row = page
      .getByTestId('news-section-draft')
      .locator('[data-testid^="news-row-"]')
      .filter({ hasText: story.title });
    await tabTo(button(row, 'Approve'));
    await page.keyboard.press('Space');
    await expect.poll(async () => (await owner.get<News>(`/api/news/${story.id}`)).body.status, POLL).toBe('approved');

    await page.goto('/equipment');
    await visible(page.getByText(item.name));
    await tabTo(button(page, 'Request'));
    await page.keyboard.press('Enter');
    const dialog = await visible(page.getByRole('dialog', { name: 'Request Equipment' }));
    // Typed key by key: the dialog once crashed on fast typing (a state update read a cleared event).
    await page.keyboard.type('Parliament session, full day');
    await tabTo(button(dialog, 'Submit Request'));
    await page.keyboard.press('Enter');
    await expectHidden(dialog);
    await expect
      .poll(
        async () => (await owner.get<EquipmentRequest[]>('/api/equipment-requests')).body.map((r) => r.purpose),
        POLL,
      )
      .toContain('Parliament session, full day');
  });

  it('every Tab stop shows its focus: CG Control, News with its form, the prompter full screen, the phone page', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/prompters', { name: 'Keyboard prompter' });
    const desk = await app.newPage();
    await keyboardLogin(desk, DEV_OWNER.username, DEV_OWNER.password);
    for (const route of ['/cg-control', '/news', '/equipment']) {
      await desk.goto(route);
      await desk.waitForLoadState('networkidle');
      expect(await stopsWithoutVisibleFocus(desk), route).toEqual([]);
    }
    await desk.goto('/news');
    await tabTo(button(desk, 'Create News'));
    await desk.keyboard.press('Enter');
    await visible(desk.getByRole('dialog', { name: 'Create News' }));
    expect(await stopsWithoutVisibleFocus(desk, 40), 'Create News dialog').toEqual([]);
    await desk.keyboard.press('Escape');

    await desk.goto('/prompter');
    await tabTo(desk.getByRole('button', { name: 'Keyboard prompter' }).first());
    await desk.keyboard.press('Enter');
    await visible(desk.getByRole('dialog', { name: 'Prompter full screen' }));
    expect(await stopsWithoutVisibleFocus(desk, 40), 'prompter full screen').toEqual([]);

    const phone = await app.newPage(PHONE);
    await keyboardLogin(phone, DEV_OWNER.username, DEV_OWNER.password);
    await phone.goto('/field');
    await visible(phone.getByText('Mobile', { exact: true }));
    expect(await stopsWithoutVisibleFocus(phone), '/field').toEqual([]);
  });
});
