import type { Page } from 'playwright-core';
import type { Settings } from '../../shared/contracts/settings';
import type { ApiClient } from '../../server/test/api-client';
import { shell, visible } from './pages';

/** Take mode on for the station (each test stands alone, whichever runs first). */
export async function ensureTakeMode(owner: ApiClient): Promise<void> {
  const settings = (await owner.get<Settings>('/api/settings')).body;
  if (!settings.takeMode) await owner.put('/api/settings', { takeMode: true, version: settings.version });
}

/** CG Control open and live: what is staged after this reaches the page over the socket. */
export async function openCgControl(page: Page): Promise<void> {
  await page.goto('/cg-control');
  await visible(page.getByRole('heading', { name: 'CG Control', exact: true }));
  await shell(page).connection.getByText('Connected', { exact: true }).waitFor();
}
