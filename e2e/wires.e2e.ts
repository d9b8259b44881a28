import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { News } from '../shared/contracts/news';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { startFakeFeeds, THAANA_TITLE, type FakeFeeds } from '../server/test/fake-feeds';
import { addFeed } from '../server/test/wires-helpers';
import { PHONE, useApp } from './support/app-fixture';
import { expectNoHorizontalOverflow, login, visible, waitForPath } from './support/pages';

/** /wires against a local fake feed server (issue 26): add a feed, items arrive, Make a story, bad feeds. */
let feeds: FakeFeeds;
beforeAll(async () => {
  feeds = await startFakeFeeds();
});
afterAll(() => feeds.close());

const item = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });

describe('Wires page (issue 26)', () => {
  const app = useApp();

  async function openAs(user: { user: { username: string } }, password: string, size?: typeof PHONE): Promise<Page> {
    const page = await app.newPage(size);
    await login(page, user.user.username, password);
    await page.goto('/wires');
    await visible(page.getByRole('heading', { name: 'Wires', exact: true }));
    return page;
  }

  it('an owner adds a feed, its items arrive live, Make a story opens one linked draft', async () => {
    const { owner, ownerPassword } = await stationWithPassword();
    const page = await openAs(owner, ownerPassword);
    await visible(page.getByText('No feeds yet.', { exact: false }));
    await page.getByRole('button', { name: 'Add feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add feed' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('RSS Agency');
    await dialog.getByRole('textbox', { name: 'Feed URL' }).fill(`${feeds.url}/rss.xml`);
    await dialog.getByRole('button', { name: 'Add feed' }).click();
    // No reload: the first poll's wires_updated refreshes the lists.
    const cabinet = await visible(item(page, 'RSS cabinet meets'));
    await visible(cabinet.getByText('The cabinet met today.', { exact: true }));
    await visible(page.getByText('2 items', { exact: true }));
    const source = cabinet.getByRole('link', { name: 'Open source' });
    expect(await source.getAttribute('href')).toBe('http://example.test/rss/1');
    expect(await source.getAttribute('target')).toBe('_blank');
    expect(await source.getAttribute('rel')).toContain('noopener');

    // Keyboard: the button is reachable and Enter makes the story.
    await cabinet.getByRole('button', { name: 'Make a story' }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/news');
    const edit = page.getByRole('dialog', { name: 'Edit News' });
    await visible(edit.getByTestId('wire-source-note').getByText('RSS Agency'));
    expect(await edit.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('RSS cabinet meets');
    expect(await edit.getByRole('textbox', { name: 'Content' }).inputValue()).toBe('The cabinet met today.');

    const drafts = await owner.get<News[]>('/api/news?status=draft');
    expect(drafts.body.filter((n) => n.title === 'RSS cabinet meets')).toHaveLength(1);
    // Back on /wires the item says its story exists, and opening it again makes no second draft.
    await page.goto('/wires');
    await item(page, 'RSS cabinet meets').getByRole('button', { name: 'Open story' }).click();
    await waitForPath(page, '/news');
    await visible(page.getByRole('dialog', { name: 'Edit News' }));
    expect(
      (await owner.get<News[]>('/api/news?status=draft')).body.filter((n) => n.title === 'RSS cabinet meets'),
    ).toHaveLength(1);
  });

  it('a bad feed shows its message on its row; search narrows; Thaana reads right-to-left', async () => {
    const { owner, ownerPassword } = await stationWithPassword();
    await addFeed(owner, feeds, '/malformed.xml', 'Broken Desk');
    await addFeed(owner, feeds, '/thaana.xml', 'Thaana News');
    await addFeed(owner, feeds, '/atom.xml', 'Atom Agency');
    const page = await openAs(owner, ownerPassword);
    const broken = page.getByTestId(/^wire-feed-/).filter({ hasText: 'Broken Desk' });
    await visible(broken.getByTestId('wire-feed-error').getByText('Could not read this feed', { exact: false }));
    await visible(broken.getByText('Failing', { exact: true }));

    const dv = await visible(page.getByText(THAANA_TITLE, { exact: true }));
    expect(await dv.getAttribute('dir')).toBe('auto');
    expect(await dv.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');

    await page.getByRole('textbox', { name: 'Search wires' }).fill('ferry');
    await visible(item(page, 'Atom ferry schedule'));
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await page.getByRole('textbox', { name: 'Search wires' }).fill('zzz-nothing');
    await visible(page.getByText('Nothing on the wires matches', { exact: false }));
  });

  it("an editor reads wires (no feed management); on a phone the owner's feed rows fold; the layout fits", async () => {
    const { owner, ownerPassword } = await stationWithPassword();
    await addFeed(owner, feeds, '/feed.json', 'JSON Desk');
    await addFeed(owner, feeds, '/error.xml', 'Down Desk');
    const editor = await createUser(owner, app.server, 'editor');
    const page = await openAs(editor, editor.password, PHONE);
    await visible(item(page, 'JSON budget vote'));
    expect(await page.getByRole('button', { name: 'Add feed' }).count()).toBe(0);
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);

    const ownerPage = await openAs(owner, ownerPassword, PHONE);
    const toggle = ownerPage.getByRole('button', { name: /Feeds \(2\)/ });
    await visible(toggle.getByText('1 failing'));
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await ownerPage.keyboard.press('Enter');
    // One text for every way a feed fails (issue 37): the row no longer tells an HTTP 500 apart.
    await visible(ownerPage.getByTestId('wire-feed-error').getByText('Could not read this feed', { exact: false }));
    expectNoHorizontalOverflow(await ownerPage.evaluate(() => document.documentElement.scrollWidth), PHONE.width);
  });

  async function stationWithPassword() {
    return createCompany(await loginDevOwner(app.server), app.server);
  }
});
