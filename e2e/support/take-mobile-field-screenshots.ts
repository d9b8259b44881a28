/**
 * Screenshots of the mobile field interface (each tab, the request dialog, the QR item page) and
 * the label sheet, at desktop and phone size, for a human to look at:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-mobile-field-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import type { Equipment, EquipmentRequest } from '../../shared/contracts/equipment';
import { createUser, loginDevOwner } from '../../server/test/factories';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-mobile';
const shoot = shooter(outDir);
const ITEMS = [
  ['Sony FX6 camera body', 'CAM-01', 'Camera store, shelf 2'],
  ['Sachtler tripod', 'TRI-04', 'Camera store'],
  ['Sennheiser wireless lapel kit with two transmitters', 'MIC-12', 'Audio cupboard'],
  ['LED light panel', 'LGT-03', 'Studio B'],
  ['ދިވެހި ކެމެރާ', 'CAM-02', 'Newsroom'],
] as const;
let codes: string[] = [];
let ids: number[] = [];

/** The seeded list's i-th entry (the script seeds them all, so a gap is a bug in the script). */
function at<T>(list: readonly T[], i: number): T {
  const value = list[i];
  if (value === undefined) throw new Error(`seed entry ${i} missing`);
  return value;
}

async function seed(server: TestServer): Promise<void> {
  const owner = await loginDevOwner(server);
  await owner.post('/api/cg-files/initialize');
  await owner.post('/api/cg-files/update-direct', {
    type: 'headline',
    content: 'Harbour budget agreed after late session',
    subheadline: 'Ferries resume at noon',
  });
  const made: Equipment[] = [];
  for (const [name, code, location] of ITEMS)
    made.push((await owner.post<Equipment>('/api/equipment', { name, code, location })).body);
  codes = made.map((e) => e.code);
  ids = made.map((e) => e.id);
  const cam = await createUser(owner, server, 'cameraman', { fullName: 'Aisha Cameraman' });
  const ask = async (equipmentId: number, purpose: string) =>
    (await cam.post<EquipmentRequest>('/api/mobile/equipment-requests', { equipmentId, purpose, notes: '' })).body;
  const a = await ask(at(ids, 0), 'Harbour story shoot');
  await ask(at(ids, 1), 'Council interview');
  const c = await ask(at(ids, 2), 'Election night live');
  await owner.put(`/api/equipment-requests/${a.id}/approve`);
  await owner.put(`/api/equipment-requests/${c.id}/approve`);
  await cam.put(`/api/equipment-requests/${c.id}/checkout`);
}

async function screens(page: Page, size: Size): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  const base = size === 'phone' ? '/field' : '/mobile-field';
  await page.goto(base);
  await page.getByRole('heading', { name: 'Available Equipment' }).waitFor();
  await page.getByText(at(codes, 0), { exact: true }).waitFor();
  await shoot(page, `${size}-equipment`);
  await page.getByRole('button', { name: `Request ${ITEMS[0][0]}` }).click();
  await page.getByRole('dialog', { name: 'Request Equipment' }).waitFor();
  await shoot(page, `${size}-request-dialog`);
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Requests' }).click();
  await page.locator('[data-testid^="mobile-request-"]').first().waitFor();
  await shoot(page, `${size}-requests`);
  await page.getByRole('tab', { name: 'CG Control' }).click();
  await page.getByTestId('mobile-cg-status-item').first().waitFor();
  await shoot(page, `${size}-cg-control`);
  await page.goto(`/field/equipment/${at(codes, 2)}`);
  await page.getByTestId('field-equipment-item').waitFor();
  await shoot(page, `${size}-qr-item`);
  await page.goto(`/equipment/labels?ids=${ids.join(',')}`);
  await page.getByRole('textbox', { name: 'LAN address' }).fill('192.168.1.20:3000');
  await page.getByTestId('label-qr').locator('svg').first().waitFor();
  await shoot(page, `${size}-labels`);
}

async function signedOut(page: Page): Promise<void> {
  await page.goto('/field');
  await page.getByRole('heading', { name: 'Authentication Required' }).waitFor();
  await shoot(page, 'phone-signed-out');
}

await screenshotRun(
  outDir,
  async (page, size) => {
    if (size === 'phone') await signedOut(page);
    await screens(page, size);
  },
  seed,
);
