import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Prompter } from '../shared/contracts/prompters';
import type { ApiClient } from '../server/test/api-client';
import { createUser, loginDevOwner } from '../server/test/factories';
import { createApprovedNews } from '../server/test/news-factory';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { expectHidden, login, visible } from './support/pages';

const POLL = { timeout: 5000, interval: 50 } as const;
const EMERGENCY = 'FLOOD WARNING FOR THE CAPITAL';
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Emergency on air' });

/** Every request that would put text on air, so "Cancel sent nothing" is a fact, not a wait. */
function countOnAirWrites(page: Page): () => number {
  let writes = 0;
  page.on('request', (r) => {
    if (
      r.method() === 'POST' &&
      /\/api\/(cg-files|cg-files\/update-direct|news\/\d+\/create-cg|news-crawler\/add-headline)$/.test(
        new URL(r.url()).pathname,
      )
    )
      writes += 1;
  });
  return () => writes;
}

/**
 * The question every sending screen asks during an emergency: Cancel sends nothing, then the
 * same control with "Send anyway" sends.
 */
async function cancelThenSendAnyway(sendControl: Locator, writes: () => number): Promise<void> {
  const page = sendControl.page();
  await sendControl.click();
  await button(await visible(confirmDialog(page)), 'Cancel').click();
  await expectHidden(confirmDialog(page));
  expect(writes()).toBe(0);
  await sendControl.click();
  await button(await visible(confirmDialog(page)), 'Send anyway').click();
}

async function startEmergency(owner: ApiClient): Promise<void> {
  const res = await owner.post('/api/cg-files/emergency', { content: EMERGENCY, headline: EMERGENCY, subheadline: '' });
  expect(res.status).toBe(200);
}

/**
 * Issue 22 §2: during an emergency every screen that can send to air shows it and asks first.
 * One emergency per test, ended at the end, so the tests share the station.
 */
describe('Sending to air during an emergency', () => {
  const app = useApp();
  const cgFile = (type: string) => fs.readFileSync(path.join(app.server.baseDir, 'cg_output', `${type}.txt`), 'utf8');

  it('prompter: full screen shows the emergency; Space asks, Cancel sends nothing, Send anyway sends; the embedded reader shows it too', async () => {
    const owner = await loginDevOwner(app.server);
    const story = await createApprovedNews(owner, { title: 'Parliament passes budget', subtitle: 'Vote 52 to 31' });
    const bulletin = await owner.post<{ id: number }>('/api/bulletins', {
      title: 'Evening',
      broadcastTime: '18:00',
      duration: 30,
      scheduledTime: new Date().toISOString(),
      bulletinItems: [{ type: 'news', newsId: story.id }],
    });
    await owner.post<Prompter>('/api/prompters', { name: 'Evening prompter', bulletinId: bulletin.body.id });
    await startEmergency(owner);
    const page = await app.newPage();
    const writes = countOnAirWrites(page);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/prompter');
    await page.getByText('Evening prompter', { exact: true }).first().click();
    const overlay = await visible(page.getByTestId('prompter-fullscreen'));
    await visible(overlay.getByTestId('emergency-bar').getByText(EMERGENCY));
    await expect.poll(() => page.getByTestId('prompter-reading').innerText()).toBe('Reading: Parliament passes budget');

    await page.keyboard.press('Space');
    const ask = await visible(confirmDialog(page));
    await visible(ask.getByText(EMERGENCY, { exact: false }));
    await button(ask, 'Cancel').click();
    await expectHidden(ask);
    await visible(overlay); // Cancel (and its keys) leave the reader in full screen
    expect(writes()).toBe(0);
    expect([cgFile('headline'), cgFile('emergency')]).toEqual([EMERGENCY, EMERGENCY]);
    // Escape in the question is its Cancel: it does not also leave full screen.
    await page.keyboard.press('Space');
    await visible(confirmDialog(page));
    await page.keyboard.press('Escape');
    await expectHidden(confirmDialog(page));
    await visible(overlay);
    expect(writes()).toBe(0);

    await page.keyboard.press('Space');
    await button(await visible(confirmDialog(page)), 'Send anyway').click();
    await expect
      .poll(() => [cgFile('headline'), cgFile('subheadline')], POLL)
      .toEqual(['Parliament passes budget', 'Vote 52 to 31']);
    expect(writes()).toBe(1);

    await button(page, 'Exit Full Screen').click();
    await visible(page.getByTestId('prompter-embedded'));
    await visible(page.getByTestId('emergency-bar').getByText(EMERGENCY));
    await owner.post('/api/cg-files/emergency/end');
  });

  it('mobile CG tab: shows the emergency and asks before Update CG', async () => {
    const owner = await loginDevOwner(app.server);
    const mcr = await createUser(owner, app.server, 'mcr');
    await startEmergency(owner);
    const page = await app.newPage(PHONE);
    const writes = countOnAirWrites(page);
    await login(page, mcr.user.username, mcr.password);
    await page.goto('/field');
    await page.getByRole('tab', { name: 'CG Control', exact: true }).click();
    await visible(page.getByTestId('emergency-bar').getByText(EMERGENCY));
    await page.getByRole('textbox', { name: 'Headline', exact: true }).fill('Ferry service resumes');
    await cancelThenSendAnyway(button(page, 'Update CG'), writes);
    await expect.poll(() => cgFile('headline'), POLL).toBe('Ferry service resumes');
    expect(cgFile('emergency')).toBe(EMERGENCY);
    await owner.post('/api/cg-files/emergency/end');
  });

  it('bulletins: Send to CG in the preview shows the emergency and asks first', async () => {
    const owner = await loginDevOwner(app.server);
    const story = await createApprovedNews(owner, { title: 'Harbour reopens', subtitle: 'Ferries back' });
    await owner.post('/api/bulletins', {
      title: 'Late',
      broadcastTime: '22:00',
      duration: 30,
      scheduledTime: new Date().toISOString(),
      bulletinItems: [{ type: 'news', newsId: story.id }],
    });
    await startEmergency(owner);
    const page = await app.newPage();
    const writes = countOnAirWrites(page);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/bulletins');
    await button(page, 'Preview Late').click();
    const preview = await visible(page.getByRole('dialog', { name: 'Bulletin Preview' }));
    await visible(preview.getByTestId('emergency-bar').getByText(EMERGENCY));
    await cancelThenSendAnyway(button(preview, 'Send item 1 to CG'), writes);
    await expect
      .poll(() => [cgFile('headline'), cgFile('subheadline')], POLL)
      .toEqual(['Harbour reopens', 'Ferries back']);
    await owner.post('/api/cg-files/emergency/end');
  });

  it('news: Add to CG Display shows the emergency and asks first', async () => {
    const owner = await loginDevOwner(app.server);
    await createApprovedNews(owner, { title: 'Fuel prices fall', subtitle: 'Diesel down 3 %' });
    await startEmergency(owner);
    const page = await app.newPage();
    const writes = countOnAirWrites(page);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/news');
    const row = page
      .getByTestId('news-section-approved')
      .locator('[data-testid^="news-row-"]')
      .filter({ hasText: 'Fuel prices fall' });
    await row.getByRole('button', { name: 'Add to CG Display' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Add to CG Display' }));
    await visible(dialog.getByTestId('emergency-bar').getByText(EMERGENCY));
    await cancelThenSendAnyway(button(dialog, 'Add to CG'), writes);
    await expect
      .poll(() => [cgFile('headline'), cgFile('subheadline')], POLL)
      .toEqual(['Fuel prices fall', 'Diesel down 3 %']);
    expect(cgFile('emergency')).toBe(EMERGENCY);
    await owner.post('/api/cg-files/emergency/end');
  });

  it('/telegram: Update CG Bar shows the emergency and asks first', async () => {
    const owner = await loginDevOwner(app.server);
    await startEmergency(owner);
    const page = await app.newPage();
    const writes = countOnAirWrites(page);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/telegram');
    await button(page, 'Update CG Bar').click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Update CG Bar' }));
    await visible(dialog.getByTestId('emergency-bar').getByText(EMERGENCY));
    await dialog.getByRole('textbox', { name: 'Content' }).fill('Roads closed in Male');
    await cancelThenSendAnyway(button(dialog, 'Update CG Bar'), writes);
    await expect.poll(() => cgFile('headline'), POLL).toBe('Roads closed in Male');
    expect(writes()).toBe(1);
    await owner.post('/api/cg-files/emergency/end');
  });
});
