import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Prompter } from '../shared/contracts/prompters';
import { createUser, loginDevOwner } from '../server/test/factories';
import { createApprovedNews } from '../server/test/news-factory';
import { DEV_OWNER, type TestServer } from '../server/test/test-server';
import { PHONE } from './support/app-fixture';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

const THAANA_TITLE = 'ދިވެހި ޚަބަރު: މާލޭގައި ވިއްސާރަ';
/** The issue: a follower follows the operator's section change within 1 s. */
const FOLLOW_MS = 1000;

/** A bulletin of two stories around a break, and a prompter reading it. */
async function seedRundown(server: TestServer, name: string) {
  const owner = await loginDevOwner(server);
  const long = 'The council met late into the night to agree the harbour budget and ferries. '.repeat(25);
  const harbour = await createApprovedNews(owner, { title: 'Harbour budget agreed', content: long });
  const rain = await createApprovedNews(owner, {
    title: THAANA_TITLE,
    content: 'މާލޭގައި ވިއްސާރަ ވެހެމުން ދާތީ، މަގުތަކުގައި ފެން ބޮޑުވެއްޖެ. '.repeat(20),
  });
  const bulletin = await owner.post<{ id: number }>('/api/bulletins', {
    title: 'Morning',
    broadcastTime: '09:00',
    duration: 30,
    scheduledTime: new Date().toISOString(),
    bulletinItems: [
      { type: 'news', newsId: harbour.id },
      { type: 'break', breakType: 'LOCAL BREAK' },
      { type: 'news', newsId: rain.id },
    ],
  });
  const prompter = (await owner.post<Prompter>('/api/prompters', { name, bulletinId: bulletin.body.id, fontSize: 40 }))
    .body;
  return { owner, harbour, rain, prompter };
}

const indicator = (page: Page) => page.getByTestId('prompter-section-indicator');
const reading = (page: Page) => page.getByTestId('prompter-reading');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/**
 * The reader's position: the script pixel on the reading line (30 % down the surface), from the
 * transform that moves the script. Independent of the window's height (full screen resizes it).
 */
async function scriptOffset(page: Page): Promise<number> {
  return page.getByTestId('prompter-script').evaluate((el) => {
    const line = Math.round(el.parentElement!.clientHeight * 0.3);
    return new DOMMatrixReadOnly(getComputedStyle(el).transform).m42 - line;
  });
}

async function openReader(page: Page, name: string): Promise<void> {
  await page.goto('/prompter');
  await page.getByText(name, { exact: true }).first().click();
  await visible(page.getByTestId('prompter-fullscreen'));
  await expect.poll(() => indicator(page).innerText()).toBe('Section: 1 of 3');
}

describe('Prompter reader', () => {
  const app = useApp();

  it('full screen: next section, Space puts the section title on air, a follower follows within 1 s, a phone remote drives the reader', async () => {
    const { prompter } = await seedRundown(app.server, 'Morning prompter');
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    const follower = await app.newPage(PHONE);
    await login(follower, DEV_OWNER.username, DEV_OWNER.password);
    await follower.goto(`/prompter/${prompter.id}/follow`);
    await visible(follower.getByText('Waiting for the operator’s screen…'));

    await openReader(page, 'Morning prompter');
    await expect.poll(() => reading(page).innerText()).toBe('Reading: Harbour budget agreed');
    await expect(button(page, 'Previous section').isDisabled()).resolves.toBe(true);
    await button(page, 'Next section').click();
    await expect.poll(() => indicator(page).innerText()).toBe('Section: 2 of 3');
    await expect
      .poll(() => indicator(follower).innerText(), { timeout: FOLLOW_MS, interval: 20 })
      .toBe('Section: 2 of 3');
    await button(page, 'Next section').click();
    await expect.poll(() => reading(page).innerText()).toBe(`Reading: ${THAANA_TITLE}`);
    await expect(button(page, 'Next section').isDisabled()).resolves.toBe(true);
    await expect
      .poll(() => indicator(follower).innerText(), { timeout: FOLLOW_MS, interval: 20 })
      .toBe('Section: 3 of 3');

    const headline = path.join(app.server.baseDir, 'cg_output', 'headline.txt');
    await page.keyboard.press('Space');
    await expect.poll(() => fs.existsSync(headline) && fs.readFileSync(headline, 'utf8')).toBe(THAANA_TITLE);
    // The as-run log says the prompter sent it (issue 25).
    await app.server.asRunRecorder.flush();
    const asRun = await (
      await loginDevOwner(app.server)
    ).get<{ entries: { type: string; text: string; source: string }[] }>('/api/as-run?type=headline&limit=1');
    expect(asRun.body.entries[0]).toMatchObject({ text: THAANA_TITLE, source: 'prompter' });

    // Dhivehi reads right to left, and still does in the mirrored glass.
    const thaanaLine = page.locator('.prompter-line').filter({ hasText: 'މާލޭގައި' }).first();
    const direction = () => thaanaLine.evaluate((el) => getComputedStyle(el).direction);
    expect(await direction()).toBe('rtl');
    await button(page, 'Mirror').click();
    expect(await direction()).toBe('rtl');
    await button(page, 'Mirror').click();

    // The phone as a remote: previous section, then play; the operator's screen obeys.
    await button(follower, 'Remote').click();
    await button(follower, 'Previous').click();
    await expect.poll(() => indicator(page).innerText()).toBe('Section: 2 of 3');
    await button(follower, 'Play').click();
    await visible(button(page, 'Pause'));
    await visible(button(follower, 'Pause'));
    const before = await scriptOffset(page);
    await expect.poll(() => scriptOffset(page)).toBeLessThan(before - 2); // the script moves up while playing
    await button(follower, 'Pause').click();
    await visible(button(page, 'Play'));
  });

  it('refetches the script every 30 s even without a live event, keeping the section', async () => {
    const { harbour } = await seedRundown(app.server, 'Polled prompter');
    const page = await app.newPage();
    await page.clock.install();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openReader(page, 'Polled prompter');
    await button(page, 'Next section').click();
    await expect.poll(() => indicator(page).innerText()).toBe('Section: 2 of 3');
    // Changed behind the server's back (no live event): only the 30 s refetch can bring it.
    const db = new Database(path.join(app.server.dataDir, 'cg-bridge.sqlite'));
    db.prepare('UPDATE news SET title = ? WHERE id = ?').run('Harbour budget signed', harbour.id);
    db.close();
    await page.clock.fastForward(29_000);
    expect(await page.getByTestId('prompter-section-title').first().innerText()).toBe('Harbour budget agreed');
    await page.clock.fastForward(2_000);
    await expect
      .poll(() => page.getByTestId('prompter-section-title').first().innerText())
      .toBe('Harbour budget signed');
    expect(await indicator(page).innerText()).toBe('Section: 2 of 3');
  });

  it('keys: arrows move 100 px, Home resets, lock freezes until Space, Ctrl+F finds, Escape leaves; speed steps of 20 within 30–300; one session recorded', async () => {
    const { prompter } = await seedRundown(app.server, 'Keys prompter');
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openReader(page, 'Keys prompter');
    const start = await scriptOffset(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => scriptOffset(page)).toBe(start - 100);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => scriptOffset(page)).toBe(start - 200);
    await page.keyboard.press('Home');
    await expect.poll(() => scriptOffset(page)).toBe(start);

    // Lock: playing does not move the script; Space unlocks (and sends the title).
    await button(page, 'Lock').click();
    await visible(page.getByTestId('prompter-locked'));
    await button(page, 'Play').click();
    await page.waitForTimeout(300);
    expect(await scriptOffset(page)).toBe(start);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('prompter-locked').count()).toBe(0);
    await expect.poll(() => scriptOffset(page)).toBeLessThan(start);
    await button(page, 'Reset').click();
    await visible(button(page, 'Play'));
    await expect.poll(() => scriptOffset(page)).toBe(start);

    await page.keyboard.press('Control+f');
    await page.getByLabel('Find in script').fill('ferries');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('prompter-find-count').innerText()).toBe('1/25');
    await expect.poll(() => scriptOffset(page)).toBeLessThan(start); // the first match is on the reading line
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByLabel('Find in script').count()).toBe(0);

    const speed = page.getByTestId('prompter-speed');
    await expect.poll(() => speed.innerText()).toBe('50 ms');
    await button(page, 'Speed up').click();
    await button(page, 'Speed up').click();
    await expect.poll(() => speed.innerText()).toBe('30 ms');
    for (let i = 0; i < 15; i += 1) await button(page, 'Speed down').click();
    await expect.poll(() => speed.innerText()).toBe('300 ms');

    await button(page, 'Mirror').click();
    await expect.poll(() => page.getByTestId('prompter-surface').getAttribute('data-mirrored')).toBe('true');
    await page.keyboard.press('Escape');
    await visible(page.getByTestId('prompter-embedded'));

    // The toolbar's Settings: a bigger font applies to the open reader at once, and it keeps its section.
    const fontOf = () => page.getByTestId('prompter-script').evaluate((el) => getComputedStyle(el).fontSize);
    expect(await fontOf()).toBe('40px');
    await button(page, 'Settings').click();
    const settings = page.getByRole('dialog', { name: 'Prompter Settings' });
    await settings.getByLabel('Font size').fill('60');
    const headline = path.join(app.server.baseDir, 'cg_output', 'headline.txt');
    const aired = fs.statSync(headline).mtimeMs;
    await page.keyboard.press('Space'); // typing in a dialog is not a CG send
    await settings.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(fontOf).toBe('60px');
    expect(fs.statSync(headline).mtimeMs).toBe(aired);
    expect(await page.getByRole('link', { name: 'Follower screen' }).getAttribute('href')).toBe(
      `/prompter/${prompter.id}/follow`,
    );

    // The reading was one prompter session, ended on leaving full screen with what was done.
    const db = new Database(path.join(app.server.dataDir, 'cg-bridge.sqlite'), { readonly: true });
    const sessionOf = () =>
      db
        .prepare('SELECT session_end AS sessionEnd, actions FROM prompter_sessions WHERE prompter_id = ?')
        .all(prompter.id) as Array<{ sessionEnd: string | null; actions: string }>;
    try {
      await expect.poll(() => sessionOf()[0]?.sessionEnd ?? null).not.toBeNull();
      expect(sessionOf()).toHaveLength(1);
      const types = (JSON.parse(sessionOf()[0]!.actions) as Array<{ type: string }>).map((a) => a.type);
      expect(types).toEqual(expect.arrayContaining(['lock', 'play', 'unlock', 'send_to_cg', 'reset']));
    } finally {
      db.close();
    }
  });

  it('an edit of a story above keeps the reader on its section and line; live edit saves a correction to the article; a cameraman’s follower screen reads the script', async () => {
    const { owner, harbour, prompter } = await seedRundown(app.server, 'Edited prompter');
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openReader(page, 'Edited prompter');
    await button(page, 'Next section').click();
    await button(page, 'Next section').click();
    await expect.poll(() => indicator(page).innerText()).toBe('Section: 3 of 3');
    const offset = await scriptOffset(page);
    // The first story doubles in length: everything below moves down, the reader stays on its line.
    const edit = await owner.put(`/api/news/${harbour.id}`, { content: `${harbour.content}\n${harbour.content}` });
    expect(edit.status).toBe(200);
    await expect.poll(() => scriptOffset(page)).toBeLessThan(offset - 200);
    await expect.poll(() => reading(page).innerText()).toBe(`Reading: ${THAANA_TITLE}`);
    expect(await indicator(page).innerText()).toBe('Section: 3 of 3');

    // Live edit: a correction typed into the script is saved to the article; Space types a space there.
    await button(page, 'Live editing').click();
    await page.keyboard.press('Home');
    const editable = page.getByLabel('Edit Harbour budget agreed');
    await editable.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Updated live');
    await page.getByTestId('prompter-reading').click(); // leaving the text saves it
    await expect
      .poll(async () => (await owner.get<{ content: string }>(`/api/news/${harbour.id}`)).body.content)
      .toMatch(/ferries\. Updated live$/);
    // In full screen a toast sits in the reader's bottom bar, not over the script (issue 38).
    await visible(page.getByTestId('prompter-toast').getByText('Script updated'));
    // A refused correction (an empty story) is not left on screen as if it were the script.
    const saved = (await owner.get<{ content: string }>(`/api/news/${harbour.id}`)).body.content;
    await page.getByLabel('Edit Harbour budget agreed').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await page.getByTestId('prompter-reading').click();
    await visible(page.getByTestId('prompter-toast').getByText(/Content is required/));
    await expect.poll(() => page.getByLabel('Edit Harbour budget agreed').innerText()).toBe(saved);
    expect((await owner.get<{ content: string }>(`/api/news/${harbour.id}`)).body.content).toBe(saved);

    const cam = await createUser(owner, app.server, 'cameraman');
    const camPage = await app.newPage();
    await login(camPage, cam.user.username, cam.password);
    await camPage.goto(`/prompter/${prompter.id}/follow`);
    await visible(camPage.getByTestId('prompter-follow'));
    await expect.poll(() => camPage.getByTestId('prompter-section-title').count()).toBe(3);
  });

  it('Space sends the story’s headline and subheadline together; a story without a subtitle clears the subheadline; a break clears the lower third', async () => {
    const owner = await loginDevOwner(app.server);
    const budget = await createApprovedNews(owner, {
      title: 'Parliament passes budget',
      subtitle: 'Vote 52 to 31',
      content: 'The budget passed late.',
    });
    const ferry = await createApprovedNews(owner, {
      title: 'Ferry service resumes',
      subtitle: null,
      content: 'Ferries run again.',
    });
    const bulletin = await owner.post<{ id: number }>('/api/bulletins', {
      title: 'Noon',
      broadcastTime: '12:00',
      duration: 30,
      scheduledTime: new Date().toISOString(),
      bulletinItems: [
        { type: 'news', newsId: budget.id },
        { type: 'news', newsId: ferry.id },
        { type: 'break', breakType: 'LUI HABARU' },
      ],
    });
    await owner.post<Prompter>('/api/prompters', { name: 'Noon prompter', bulletinId: bulletin.body.id, fontSize: 40 });
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'A', subheadline: 'Sub A' });
    const cgFile = (type: string) => fs.readFileSync(path.join(app.server.baseDir, 'cg_output', `${type}.txt`), 'utf8');
    const onAir = () => [cgFile('headline'), cgFile('subheadline')];
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await openReader(page, 'Noon prompter');

    await page.keyboard.press('Space');
    await expect.poll(onAir).toEqual(['Parliament passes budget', 'Vote 52 to 31']);
    await button(page, 'Next section').click();
    await expect.poll(() => reading(page).innerText()).toBe('Reading: Ferry service resumes');
    await page.keyboard.press('Space');
    await expect.poll(onAir).toEqual(['Ferry service resumes', '']);

    // Issue 38, point 6: a break has no story, so the lower third goes — headline and subheadline
    // (it used to clear the subheadline alone and leave the last story's headline on air).
    await owner.post('/api/cg-files/update-direct', { type: 'subheadline', content: 'Sub B' });
    await expect.poll(onAir).toEqual(['Ferry service resumes', 'Sub B']);
    await button(page, 'Next section').click();
    await expect.poll(() => reading(page).innerText()).toBe('Reading: — LUI HABARU —');
    await page.keyboard.press('Space');
    await expect.poll(onAir).toEqual(['', '']);
  });
});
