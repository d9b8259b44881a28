import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Prompter } from '../shared/contracts/prompters';
import { loginDevOwner } from '../server/test/factories';
import { createApprovedNews } from '../server/test/news-factory';
import { DEV_OWNER, type TestServer } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

/**
 * Issue 38, point 5: the operator paused on section 5 of 7, then a follower opened — and 10 s
 * later it still said "Waiting for the operator's screen…" at section 1, and its remote said
 * "No operator screen is reading this prompter yet" (while its Next did move the operator). The
 * server now keeps where each prompter is read; a follower that opens late lands there at once.
 */
const LAND_MS = 1000;
/** Optional: a directory to save the follower's picture in (e.g. CGB_SHOTS_DIR=/tmp/shots). */
const SHOTS = process.env.CGB_SHOTS_DIR;

const STORIES = [
  'Harbour budget agreed',
  'Ferries run again',
  'School term extended',
  'Power cut in Hulhumalé',
  'Reef survey results',
  'Fuel price steady',
];

/** Seven sections: five stories, a break, a story. */
async function seedRundown(server: TestServer) {
  const owner = await loginDevOwner(server);
  const news = [];
  for (const title of STORIES)
    news.push(
      await createApprovedNews(owner, { title, content: `${title}: the full story, read slowly on air. `.repeat(12) }),
    );
  const items = [
    ...news.slice(0, 5).map((n) => ({ type: 'news', newsId: n.id })),
    { type: 'break', breakType: 'LUI HABARU' },
    { type: 'news', newsId: news[5]!.id },
  ];
  const bulletin = await owner.post<{ id: number }>('/api/bulletins', {
    title: 'Late follower',
    broadcastTime: '21:00',
    duration: 30,
    scheduledTime: new Date().toISOString(),
    bulletinItems: items,
  });
  const prompter = (
    await owner.post<Prompter>('/api/prompters', {
      name: 'Late follower prompter',
      bulletinId: bulletin.body.id,
      fontSize: 48,
    })
  ).body;
  return { owner, prompter };
}

const indicator = (page: Page) => page.getByTestId('prompter-section-indicator');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('Prompter follower that joins late (issue 38)', () => {
  const app = useApp();

  it('lands on the operator’s section within a second, names who reads, drives the operator; says so when the operator’s screen closes', async () => {
    const { owner, prompter } = await seedRundown(app.server);
    const operator = await app.newPage();
    await login(operator, DEV_OWNER.username, DEV_OWNER.password);
    await operator.goto('/prompter');
    await operator.getByText(prompter.name, { exact: true }).first().click();
    await visible(operator.getByTestId('prompter-fullscreen'));
    await expect.poll(() => indicator(operator).innerText()).toBe('Section: 1 of 7');
    for (let i = 0; i < 4; i += 1) await button(operator, 'Next section').click();
    await expect.poll(() => indicator(operator).innerText()).toBe('Section: 5 of 7');
    await visible(button(operator, 'Play')); // paused there: it sends nothing more
    await operator.waitForTimeout(500);

    const follower = await app.newPage(PHONE);
    await login(follower, DEV_OWNER.username, DEV_OWNER.password);
    await follower.goto(`/prompter/${prompter.id}/follow`);
    await expect.poll(() => follower.getByTestId('prompter-section-title').count()).toBe(7); // the script is laid out
    await expect
      .poll(() => indicator(follower).innerText(), { timeout: LAND_MS, interval: 20 })
      .toBe('Section: 5 of 7');
    await expect
      .poll(() => follower.getByTestId('prompter-follow-reading').innerText(), { timeout: LAND_MS })
      .toBe(`Reading: ${STORIES[4]}`);

    // The remote knows who reads it, and its Next moves the operator; the follower goes along.
    await button(follower, 'Remote').click();
    const remote = follower.getByTestId('prompter-remote');
    await expect.poll(() => remote.innerText()).toContain(`Read by ${owner.user.fullName} · speed 50 ms`);
    if (SHOTS) await follower.screenshot({ path: path.join(SHOTS, 'prompter-follower-late-join.png') });
    await button(follower, 'Next').click();
    await expect.poll(() => indicator(operator).innerText()).toBe('Section: 6 of 7');
    await expect
      .poll(() => indicator(follower).innerText(), { timeout: LAND_MS, interval: 20 })
      .toBe('Section: 6 of 7');

    // The operator's screen goes: the follower keeps its place and says nobody reads now.
    await operator.close();
    await visible(follower.getByText('Waiting for the operator’s screen…'));
    await expect.poll(() => remote.innerText()).toContain('No operator screen is reading this prompter.');
    expect(await indicator(follower).innerText()).toBe('Section: 6 of 7');
  });
});
