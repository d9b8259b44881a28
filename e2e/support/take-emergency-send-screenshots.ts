/**
 * Screenshots of the screens that send to air DURING an emergency (issue 22), desktop and phone:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-emergency-send-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { createUser, loginDevOwner } from '../../server/test/factories';
import { createApprovedNews } from '../../server/test/news-factory';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-emergency-send';
const shoot = shooter(outDir);
const WARNING = 'TSUNAMI WARNING: residents of all coastal islands move to higher ground immediately';
let mcr = { username: '', password: '' };

async function seed(server: TestServer): Promise<void> {
  const owner = await loginDevOwner(server);
  const budget = await createApprovedNews(owner, {
    title: 'Parliament passes budget',
    subtitle: 'Vote 52 to 31',
    content: 'The budget passed late at night. '.repeat(30),
  });
  const ferry = await createApprovedNews(owner, {
    title: 'Ferry services resume',
    subtitle: null,
    content: 'Ferries run again. '.repeat(30),
  });
  const bulletin = await owner.post<{ id: number }>('/api/bulletins', {
    title: 'Evening News',
    broadcastTime: '18:00',
    duration: 30,
    scheduledTime: new Date().toISOString(),
    bulletinItems: [
      { type: 'news', newsId: budget.id },
      { type: 'break', breakType: 'LOCAL BREAK' },
      { type: 'news', newsId: ferry.id },
    ],
  });
  await owner.post('/api/prompters', { name: 'Evening prompter', bulletinId: bulletin.body.id, fontSize: 40 });
  const created = await createUser(owner, server, 'mcr', { fullName: 'Mo Control' });
  mcr = { username: created.user.username, password: created.password };
  await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'A', subheadline: 'Sub A' });
  await owner.post('/api/cg-files/emergency', { content: WARNING, headline: WARNING, subheadline: '' });
}

async function prompter(page: Page, size: Size): Promise<void> {
  await page.goto('/prompter');
  await page.getByText('Evening prompter', { exact: true }).first().click();
  await page.getByTestId('prompter-fullscreen').getByTestId('emergency-bar').waitFor();
  await shoot(page, `${size}-prompter-fullscreen-emergency`);
  await page.keyboard.press('Space');
  await page.getByRole('dialog', { name: 'Emergency on air' }).waitFor();
  await shoot(page, `${size}-prompter-fullscreen-confirm`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('button', { name: 'Exit Full Screen', exact: true }).click();
  await page.getByTestId('prompter-embedded').waitFor();
  await shoot(page, `${size}-prompter-embedded-emergency`);
}

async function bulletinPreview(page: Page, size: Size): Promise<void> {
  await page.goto('/bulletins');
  await page.getByRole('button', { name: 'Preview Evening News', exact: true }).click();
  await page.getByRole('dialog', { name: 'Bulletin Preview' }).getByTestId('emergency-bar').waitFor();
  await shoot(page, `${size}-bulletin-preview-emergency`);
  await page.keyboard.press('Escape');
}

async function overrideDialog(page: Page, size: Size): Promise<void> {
  await page.goto('/cg-control');
  await page.getByRole('button', { name: 'Override', exact: true }).click();
  await page.getByRole('dialog', { name: 'Activate emergency override?' }).waitFor();
  await shoot(page, `${size}-override-dialog`);
}

async function mobileCg(page: Page, size: Size): Promise<void> {
  await page.goto('/field');
  await page.getByRole('tab', { name: 'CG Control', exact: true }).click();
  await page.getByTestId('emergency-bar').waitFor();
  await shoot(page, `${size}-mobile-cg-emergency`);
  await page.getByRole('textbox', { name: 'Headline', exact: true }).fill('Ferry services resume');
  await page.getByRole('button', { name: 'Update CG', exact: true }).click();
  await page.getByRole('dialog', { name: 'Emergency on air' }).waitFor();
  await shoot(page, `${size}-mobile-cg-confirm`);
}

async function screens(page: Page, size: Size, server: TestServer): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await prompter(page, size);
  await bulletinPreview(page, size);
  await overrideDialog(page, size);
  // The phone's CG tab as an MCR operator, in a context of its own (its own session).
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize()!, baseURL: server.url });
  const phone = await context.newPage();
  await login(phone, mcr.username, mcr.password);
  await mobileCg(phone, size);
  await context.close();
}

await screenshotRun(outDir, screens, seed);
