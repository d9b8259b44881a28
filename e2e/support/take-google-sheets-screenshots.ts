/**
 * Screenshots of /google-sheets (fake Sheets API): an admin after a sync that rejected a row, and
 * a permission error, desktop and phone:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-google-sheets-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import { createEquipment, equipmentStation } from '../../server/test/equipment-factory';
import { startFakeSheets } from '../../server/test/fake-sheets';
import type { TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-google-sheets';
const shoot = shooter(outDir, true);
const fake = await startFakeSheets();
let admin: { user: { username: string }; password: string } | null = null;
let sheetId = '';
let server: TestServer | null = null;

async function seed(s: TestServer): Promise<void> {
  server = s;
  const station = await equipmentStation(s);
  admin = station.admin;
  for (const name of ['Sony FX9', 'Tripod', 'LED panel']) await createEquipment(station.owner, { name });
  const account = fake.serviceAccount('screens');
  await station.owner.put('/api/google-sheets/settings', { serviceAccountKey: account.keyJson });
  sheetId = (await station.owner.post<{ spreadsheetId: string }>('/api/google-sheets/create-sheet')).body.spreadsheetId;
}

async function screens(page: Page, size: Size): Promise<void> {
  if (!admin || !server) throw new Error('not seeded');
  fake.setCell(sheetId, 'Equipment', 1, 7, 'lots');
  fake.setCell(sheetId, 'Equipment', 2, 1, `Tripod (${size})`);
  await login(page, admin.user.username, admin.password);
  await page.goto('/google-sheets');
  await page.getByTestId('sheets-status').getByText('Sync active', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Sync from Sheet' }).click();
  await page.getByTestId('rejected-rows').waitFor();
  await shoot(page, `${size}-google-sheets`);
}

try {
  await screenshotRun(outDir, screens, seed, { googleSheets: { rootUrl: fake.url, pushDebounceMs: 600_000 } });
} finally {
  await fake.close();
}
