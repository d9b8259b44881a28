/**
 * Screenshots of /prompter (the list with three prompters, one with a Dhivehi name; the create
 * dialog; the edit dialog) at desktop and phone size, for a human to look at:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-prompter-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import type { Bulletin } from '../../shared/contracts/bulletins';
import { loginDevOwner } from '../../server/test/factories';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-prompter';
const shoot = shooter(outDir);
const THAANA = 'ދިވެހި ޚަބަރު';

async function seed(server: TestServer): Promise<void> {
  const owner = await loginDevOwner(server);
  const bulletin = await owner.post<Bulletin>('/api/bulletins', {
    title: 'Evening News',
    broadcastTime: '20:00',
    duration: 30,
    scheduledTime: new Date().toISOString(),
    bulletinItems: [{ type: 'break', breakType: 'LOCAL BREAK' }],
  });
  await owner.post('/api/prompters', { name: 'Evening News — Studio A main prompter', bulletinId: bulletin.body.id });
  await owner.post('/api/prompters', { name: THAANA, bulletinId: bulletin.body.id, fontFamily: 'Georgia' });
  const spare = await owner.post<{ id: number }>('/api/prompters', { name: 'Backup', scrollSpeed: 10 });
  await owner.put(`/api/prompters/${spare.body.id}`, { status: 'inactive' });
}

async function screens(page: Page, size: Size): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await page.goto('/prompter');
  await page.getByTestId('prompter-item').first().waitFor();
  await shoot(page, `${size}-prompter`);

  await page.getByRole('button', { name: 'Create Prompter' }).click();
  const create = page.getByRole('dialog', { name: 'Create New Prompter' });
  await create.getByRole('button', { name: 'Create Prompter' }).click();
  await create.getByText('Name is required').waitFor();
  await shoot(page, `${size}-prompter-create`);
  await create.getByRole('button', { name: 'Cancel' }).click();
  await create.waitFor({ state: 'hidden' });

  await page.getByRole('button', { name: `Prompter settings for ${THAANA}` }).click();
  await page.getByRole('dialog', { name: 'Edit Prompter' }).waitFor();
  await shoot(page, `${size}-prompter-edit`);
}

await screenshotRun(outDir, screens, seed);
