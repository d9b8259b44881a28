import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser, loginDevOwner } from '../server/test/factories';
import { startFakeVmix, type FakeVmix } from '../server/test/fake-vmix';
import { DEV_OWNER } from '../server/test/test-server';
import { PHONE, useApp } from './support/app-fixture';
import { expectHidden, expectNoHorizontalOverflow, login, visible, waitForPath } from './support/pages';

const POLL = { timeout: 15_000 };
const THAANA = 'ވީމިކްސް ސްޓޫޑިއޯ';

/**
 * Issue 25, direct outputs on /outputs: Add a vMix output with the form (against a fake vMix that
 * speaks its HTTP API), its status badge, Test, the header summary an operator sees change live,
 * Disable, Delete; the same list at phone width with a Dhivehi name.
 */
describe('/outputs — CasparCG, OBS and vMix', () => {
  let vmix: FakeVmix;
  beforeAll(async () => {
    vmix = await startFakeVmix();
  });
  afterAll(() => vmix.close());
  const app = useApp();

  async function addVmix(page: Page, name: string): Promise<void> {
    await page.getByRole('button', { name: 'Add output' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add output' });
    await visible(dialog);
    await dialog.getByText('vMix', { exact: true }).click();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('vMix web controller URL').fill(vmix.url);
    await dialog.getByLabel('Title input').fill('Lower Third');
    await dialog.getByLabel('Field').fill('Headline.Text');
    await dialog.getByRole('button', { name: 'Add output' }).click();
    await expectHidden(dialog);
  }

  it('adds a vMix output that goes Connected and gets the text; Test answers; the operator’s header follows live', async () => {
    const owner = await loginDevOwner(app.server);
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Already on air' });
    const mcr = await createUser(owner, app.server, 'mcr', { fullName: 'Maya Control' });

    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/outputs');
    await visible(page.getByTestId('outputs-empty'));
    await addVmix(page, 'vMix studio');
    const row = page.getByTestId('output-row').filter({ hasText: 'vMix studio' });
    await expect.poll(() => row.getByTestId('output-state').getAttribute('data-state'), POLL).toBe('connected');
    // The current state went out at once.
    await expect.poll(() => vmix.fields.get('Lower Third/Headline.Text'), POLL).toBe('Already on air');

    await row.getByRole('button', { name: 'Test' }).click();
    await visible(page.getByText('vMix 27.0.0.49 answered; title input "Lower Third" found'));

    // An operator's header: summary, updated live; not a link for them.
    const op = await app.newPage();
    await login(op, mcr.user.username, mcr.password);
    const badge = op.getByTestId('outputs-header-status');
    await expect.poll(() => badge.innerText(), POLL).toContain('Outputs: 1 OK');
    expect(await badge.evaluate((el) => el.tagName)).not.toBe('A');
    vmix.mode = 'drop';
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'While vMix is down' });
    await expect.poll(() => badge.innerText(), POLL).toContain('1 retrying');
    expect(await badge.getAttribute('data-color')).toBe('orange');
    await expect.poll(() => row.getByTestId('output-state').getAttribute('data-state'), POLL).toBe('retrying');
    await visible(row.getByTestId('output-message'));
    vmix.mode = 'ok';
    await expect.poll(() => badge.innerText(), POLL).toContain('Outputs: 1 OK');
    await expect.poll(() => vmix.fields.get('Lower Third/Headline.Text'), POLL).toBe('While vMix is down');

    // The owner's header links to /outputs.
    await page.goto('/dashboard');
    await page.getByTestId('outputs-header-status').click();
    await waitForPath(page, '/outputs');

    // Disable: the badge says so and the header summary goes away (no enabled outputs).
    await row.getByLabel('Enable vMix studio').click({ force: true });
    await expect.poll(() => row.getByTestId('output-state').getAttribute('data-state'), POLL).toBe('disabled');
    await expect.poll(() => badge.count(), POLL).toBe(0);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete output' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row.count(), POLL).toBe(0);
  });

  it('works at phone width with a Dhivehi name (rtl), the OBS form keeps its password write-only', async () => {
    const page = await app.newPage(PHONE);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/outputs');
    await addVmix(page, THAANA);
    const row = page.getByTestId('output-row').filter({ hasText: THAANA });
    await expect.poll(() => row.getByTestId('output-state').getAttribute('data-state'), POLL).toBe('connected');
    expect(await row.getByText(THAANA).evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    expectNoHorizontalOverflow(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width);

    await page.getByRole('button', { name: 'Add output' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add output' });
    await dialog.getByText('OBS', { exact: true }).click();
    await dialog.getByLabel('Name').fill('OBS stream');
    await dialog.getByLabel('WebSocket URL').fill('http://wrong');
    await dialog.getByRole('button', { name: 'Add output' }).click();
    await visible(dialog.getByText('URL must start with ws:// or wss://').first());
    await dialog.getByLabel('WebSocket URL').fill('ws://127.0.0.1:9');
    await dialog.getByLabel('WebSocket server password').fill('secret-pass');
    await dialog.getByLabel('Text source').fill('CG Headline');
    await dialog.getByRole('button', { name: 'Add output' }).click();
    await expectHidden(dialog);
    const obs = page.getByTestId('output-row').filter({ hasText: 'OBS stream' });
    await visible(obs.getByText(/password set/));
    expect(await page.content()).not.toContain('secret-pass');
    await obs.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit output' });
    await visible(edit.getByText('A password is set. Leave empty to keep it.'));
    expect(await edit.getByLabel('WebSocket server password').inputValue()).toBe('');
  });

  it("a save over another owner's newer save shows who changed it, keeps the form, and loads theirs or overwrites on request", async () => {
    const owner = await loginDevOwner(app.server);
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto('/outputs');
    await addVmix(page, 'Conflict vMix');
    const row = page.getByTestId('output-row').filter({ hasText: 'Conflict vMix' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit output' });
    await edit.getByLabel('Title input').fill('Mine');
    // Meanwhile another owner renames it (the version the dialog started from).
    const all = (await owner.get<Array<{ id: number; name: string; version: number; config: unknown }>>('/api/outputs'))
      .body;
    const stored = all.find((o) => o.name === 'Conflict vMix')!;
    const theirs = await owner.put(`/api/outputs/${stored.id}`, {
      kind: 'vmix',
      name: 'Their vMix',
      enabled: true,
      version: stored.version,
      config: stored.config,
    });
    expect(theirs.status).toBe(200);
    await edit.getByRole('button', { name: 'Save' }).click();
    const notice = await visible(edit.getByTestId('conflict-notice'));
    expect(await notice.innerText()).toMatch(/changed this output .* your changes were not saved/);
    await page.screenshot({ path: '.scratch/output-conflict-1440.png' });
    // Their version into the form: their name, my typing gone; then a save goes through.
    await notice.getByRole('button', { name: 'Load theirs' }).click();
    expect(await edit.getByLabel('Name').inputValue()).toBe('Their vMix');
    expect(await edit.getByLabel('Title input').inputValue()).toBe('Lower Third');
    await edit.getByLabel('Title input').fill('Mine after all');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectHidden(edit);
    const saved = (await owner.get<Array<{ name: string; config: { input?: string } }>>('/api/outputs')).body.find(
      (o) => o.name === 'Their vMix',
    );
    expect(saved?.config.input).toBe('Mine after all');
  });
});
