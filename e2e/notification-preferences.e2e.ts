import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../shared/contracts/notification-preferences';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { createNews } from '../server/test/news-factory';
import { PHONE, useApp } from './support/app-fixture';
import { expectNoHorizontalOverflow, login, shell, visible } from './support/pages';

async function station(app: ReturnType<typeof useApp>) {
  const dev = await loginDevOwner(app.server);
  const { owner, ownerPassword } = await createCompany(dev, app.server);
  const editor = await createUser(owner, app.server, 'editor');
  const me = (await editor.get<{ id: number }>('/api/auth/me')).body.id;
  return { owner, ownerPassword, editor, me };
}

const stepText = (page: Page) => page.getByTestId('wizard-step-text').textContent();
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('notification preferences wizard (issue 13)', () => {
  const app = useApp();

  it('walks the 5 steps, refuses an out-of-range value, saves, and reads the saved values back after a reload', async () => {
    const s = await station(app);
    const page = await app.newPage();
    await login(page, s.editor.user.username, s.editor.password);
    await page.goto('/notifications');
    await visible(page.getByRole('heading', { name: 'Notification Preferences' }));
    expect(await stepText(page)).toBe('Step 1 of 5');
    expect(await button(page, 'Previous').isDisabled()).toBe(true);

    // 1 News Notifications
    await page.getByRole('combobox', { name: 'Notify me about' }).click();
    await page.getByRole('option', { name: 'Urgent only' }).click();
    await button(page, 'Next').click();
    // 2 Equipment Alerts: 29 minutes is below the range — the contract's message, Next refused.
    expect(await stepText(page)).toBe('Step 2 of 5');
    const interval = page.getByLabel('Remind me every');
    await interval.fill('29');
    await visible(page.getByText('Reminder interval must be at least 30 minutes'));
    expect(await button(page, 'Next').isDisabled()).toBe(true);
    await interval.fill('45');
    // An editor never receives approval alerts (issue 22): the group is not offered.
    await visible(page.getByTestId('pref-equipment-approval-unavailable'));
    expect(await page.getByTestId('pref-equipment-approval').count()).toBe(0);
    await button(page, 'Next').click();
    // 3 System Notifications
    expect(await stepText(page)).toBe('Step 3 of 5');
    await page.getByRole('switch', { name: 'Bulletin updates enabled' }).check({ force: true });
    await button(page, 'Next').click();
    // 4 Schedule Preferences
    expect(await stepText(page)).toBe('Step 4 of 5');
    await page.getByRole('switch', { name: 'Quiet hours enabled' }).check({ force: true });
    await page.getByRole('combobox', { name: 'Time zone' }).click();
    await page.getByRole('option', { name: 'Japan (Asia/Tokyo)' }).click();
    await page.getByLabel('From').fill('23:30');
    await button(page, 'Next').click();
    // 5 Review & Save
    expect(await stepText(page)).toBe('Step 5 of 5');
    const review = await visible(page.getByTestId('pref-review'));
    await visible(review.getByText('Complete Setup'));
    await visible(review.getByText('23:30 to 06:00, Japan (Asia/Tokyo)'));
    await visible(review.getByText('every 45 min — Telegram, In app (bell and live toasts)'));
    expect(await review.getByText('Approvals', { exact: true }).count()).toBe(0);
    await button(page, 'Save Preferences').click();
    await visible(page.getByRole('alert').filter({ hasText: 'Preferences Updated' }));

    const saved = (await s.editor.get<NotificationPreferences>(`/api/notification-preferences/${s.me}`)).body;
    expect(saved.breakingNews.priority).toBe('urgent');
    expect(saved.equipmentOverdue.reminderInterval).toBe(45);
    expect(saved.equipmentApproval).toEqual(DEFAULT_NOTIFICATION_PREFERENCES.equipmentApproval);
    expect(saved.bulletinUpdates.enabled).toBe(true);
    expect(saved.quietHours).toEqual({ enabled: true, startTime: '23:30', endTime: '06:00', timezone: 'Asia/Tokyo' });

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Notification Preferences' }));
    await visible(page.getByRole('combobox', { name: 'Notify me about' }));
    expect(await page.getByRole('combobox', { name: 'Notify me about' }).inputValue()).toBe('Urgent only');
    for (let i = 0; i < 4; i++) await button(page, 'Next').click();
    await visible(page.getByTestId('pref-review').getByText('23:30 to 06:00, Japan (Asia/Tokyo)'));
  });

  it('offers every IANA zone with the station’s own preselected; saves Indian/Maldives (issue 22 point 20)', async () => {
    const s = await station(app);
    // The owner sets the station's zone in Settings.
    const ownerPage = await app.newPage();
    await login(ownerPage, s.owner.user.username, s.ownerPassword);
    await ownerPage.goto('/settings');
    const card = await visible(ownerPage.getByTestId('settings-time-zone'));
    const stationZone = card.getByRole('combobox', { name: 'Time zone' });
    expect(await stationZone.inputValue()).toBe('UTC');
    await stationZone.fill('Maldives');
    await ownerPage.getByRole('option', { name: /Indian\/Maldives/ }).click();
    await visible(card.getByText('Now UTC+05:00'));
    await card.getByRole('button', { name: 'Save' }).click();
    await visible(ownerPage.getByRole('alert').filter({ hasText: 'Station time zone set to Indian/Maldives' }));
    await card.screenshot({ path: '.scratch/settings-time-zone.png' });
    expect((await s.owner.get<{ timeZone: string }>('/api/settings')).body.timeZone).toBe('Indian/Maldives');

    const page = await app.newPage();
    await login(page, s.editor.user.username, s.editor.password);
    await page.goto('/notifications');
    for (let i = 0; i < 3; i++) await button(page, 'Next').click();
    await page.getByRole('switch', { name: 'Quiet hours enabled' }).check({ force: true });
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    // Never saved: the station's zone is the default, and named under the picker.
    expect(await zone.inputValue()).toBe('Indian/Maldives');
    await visible(page.getByText('Station: Indian/Maldives'));
    // Searchable over every zone, with the offset as a hint.
    await zone.fill('colom');
    await visible(page.getByRole('option', { name: /Asia\/Colombo/ }).getByText('UTC+05:30'));
    await zone.fill('Maldiv');
    await page.getByRole('option', { name: /Indian\/Maldives/ }).click();
    await expect.poll(() => zone.inputValue()).toBe('Indian/Maldives');
    await page.screenshot({ path: '.scratch/prefs-time-zone.png' });
    await button(page, 'Next').click();
    await visible(page.getByTestId('pref-review').getByText('22:00 to 06:00, Indian/Maldives'));
    await button(page, 'Save Preferences').click();
    await visible(page.getByRole('alert').filter({ hasText: 'Preferences Updated' }));
    const saved = (await s.editor.get<NotificationPreferences>(`/api/notification-preferences/${s.me}`)).body;
    expect(saved.quietHours).toEqual({
      enabled: true,
      startTime: '22:00',
      endTime: '06:00',
      timezone: 'Indian/Maldives',
    });
  });

  it('an owner still sets up approval alerts', async () => {
    const s = await station(app);
    const page = await app.newPage();
    await login(page, s.owner.user.username, s.ownerPassword);
    await page.goto('/notifications');
    await button(page, 'Next').click();
    await page.getByTestId('pref-equipment-approval').getByRole('checkbox', { name: 'Returns' }).uncheck();
    for (let i = 0; i < 3; i++) await button(page, 'Next').click();
    await visible(page.getByTestId('pref-review').getByText('requests — Telegram, In app (bell and live toasts)'));
    await button(page, 'Save Preferences').click();
    await visible(page.getByRole('alert').filter({ hasText: 'Preferences Updated' }));
    const me = (await s.owner.get<{ id: number }>('/api/auth/me')).body.id;
    expect(
      (await s.owner.get<NotificationPreferences>(`/api/notification-preferences/${me}`)).body.equipmentApproval
        .includeReturns,
    ).toBe(false);
  });

  it('turning breaking news off empties the bell of news at once', async () => {
    const s = await station(app);
    await createNews(s.owner, { title: 'Ferry aground at the harbour', priority: 'breaking' });
    const page = await app.newPage();
    await login(page, s.editor.user.username, s.editor.password);
    await expect.poll(() => shell(page).bell.getAttribute('aria-label'), { timeout: 3000 }).toBe('Notifications (1)');
    await page.goto('/notifications');
    await page.getByRole('switch', { name: 'Breaking news enabled' }).uncheck({ force: true });
    for (let i = 0; i < 4; i++) await button(page, 'Next').click();
    await button(page, 'Save Preferences').click();
    await visible(page.getByRole('alert').filter({ hasText: 'Preferences Updated' }));
    await expect.poll(() => shell(page).bell.getAttribute('aria-label'), { timeout: 3000 }).toBe('Notifications');
  });

  it('the test notification says plainly when the bot is not connected', async () => {
    const s = await station(app);
    const page = await app.newPage();
    await login(page, s.editor.user.username, s.editor.password);
    await page.goto('/notifications');
    for (let i = 0; i < 4; i++) await button(page, 'Next').click();
    await button(page, 'Send Test Notification').click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Test Failed' });
    await visible(toast.getByText('The Telegram bot is not connected (set the bot token in Settings)'));
  });

  it('fits a phone', async () => {
    const s = await station(app);
    const page = await app.newPage(PHONE);
    await login(page, s.editor.user.username, s.editor.password);
    await page.goto('/notifications');
    await visible(page.getByText('Step 1 of 5'));
    for (let i = 0; i < 3; i++) await button(page, 'Next').click();
    await page.getByRole('switch', { name: 'Quiet hours enabled' }).check({ force: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expectNoHorizontalOverflow(width, PHONE.width);
  });
});
