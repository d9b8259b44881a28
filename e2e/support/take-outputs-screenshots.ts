/**
 * Screenshots of /outputs (issue 25): the overlay URL, layout form and live preview, desktop and
 * phone, with a headline and crawler on air:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-outputs-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { loginDevOwner } from '../../server/test/factories';
import { startFakeVmix } from '../../server/test/fake-vmix';
import { login, visible } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-outputs';
const shoot = shooter(outDir, true);

async function seed(s: TestServer): Promise<void> {
  const owner = await loginDevOwner(s);
  await owner.post('/api/cg-files/update-direct', {
    type: 'headline',
    content: 'Parliament passes the budget',
    subheadline: 'Vote 52 to 30',
  });
  await owner.post('/api/news-crawler/add-headline', { headline: 'Airport expansion opens its second runway' });
  // Direct outputs: one answering (a fake vMix), one unreachable (retrying), one disabled in Dhivehi.
  const vmix = await startFakeVmix();
  const mapping = [{ type: 'headline', field: 'Headline.Text' }];
  await owner.post('/api/outputs', {
    kind: 'vmix',
    name: 'vMix studio',
    config: { url: vmix.url, input: 'Lower Third', mapping },
  });
  await owner.post('/api/outputs', {
    kind: 'casparcg',
    name: 'CasparCG playout',
    config: { host: '127.0.0.1', port: 9, template: 'cgbridge/lower-third', types: ['headline', 'subheadline'] },
  });
  await owner.post('/api/outputs', {
    kind: 'obs',
    name: 'ސްޓްރީމް OBS',
    enabled: false,
    config: {
      url: 'ws://127.0.0.1:9',
      password: 'x',
      mapping: [{ type: 'headline', input: 'CG Headline', scene: 'News' }],
    },
  });
}

async function screens(page: Page, size: Size): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await page.goto('/outputs');
  await visible(page.getByRole('heading', { name: 'Outputs' }));
  await visible(page.getByTestId('overlay-url'));
  await page.waitForTimeout(1500);
  await shoot(page, `outputs-${size}`);
  await page.getByTestId('outputs-list').scrollIntoViewIfNeeded();
  await page.waitForTimeout(2500);
  await shoot(page, `outputs-list-${size}`);
  await page.getByRole('button', { name: 'Add output' }).click();
  await page.getByRole('dialog').getByText('OBS', { exact: true }).click();
  await shoot(page, `outputs-add-obs-${size}`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Rotate key' }).click();
  await visible(page.getByRole('dialog'));
  await shoot(page, `outputs-rotate-${size}`);
}

await screenshotRun(outDir, screens, seed);
