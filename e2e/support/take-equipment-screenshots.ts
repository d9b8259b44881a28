/**
 * Screenshots of /equipment (the card grid with paging, the Requests tab in every status, and
 * the Add / Bulk Upload / Request / Reminder dialogs) at desktop and phone size:
 *   node scripts/build-web.mjs && npx tsx e2e/support/take-equipment-screenshots.ts [outDir]
 */
import type { Page } from 'playwright-core';
import type { Equipment, EquipmentRequest } from '../../shared/contracts/equipment';
import { createUser, loginDevOwner } from '../../server/test/factories';
import { DEV_OWNER, type TestServer } from '../../server/test/test-server';
import { login } from './pages';
import { screenshotRun, shooter, type Size } from './screenshot-run';

const outDir = process.argv[2] ?? '/tmp/shots-equipment';
const shoot = shooter(outDir);

const KIT = [
  ['CAM-001', 'Sony PXW-Z280 Camcorder', 'Camera', 2],
  ['CAM-002', 'Sony FX6 Cinema Line', 'Camera', 1],
  ['MIC-001', 'Sennheiser EW 112P G4 Wireless Lavalier', 'Audio', 4],
  ['MIC-002', 'Rode NTG5 Shotgun', 'Audio', 2],
  ['TRP-001', 'Sachtler Flowtech 75 Tripod', 'Support', 3],
  ['LGT-001', 'Aputure LS 300d II LED Light', 'Lighting', 1],
  ['ENC-001', 'LiveU Solo Pro Bonded Encoder', 'Transmission', 1],
  ['ENC-002', 'TVU One Backpack', 'Transmission', 1],
  ['BAT-001', 'V-Mount Battery 150Wh', 'Power', 8],
  ['MON-001', 'Atomos Ninja V Monitor', 'Monitoring', 2],
  ['DRN-001', 'DJI Mavic 3 Pro', 'Aerial', 1],
  ['GIM-001', 'DJI RS 3 Pro Gimbal', 'Support', 1],
] as const;

async function seed(server: TestServer): Promise<void> {
  const owner = await loginDevOwner(server);
  const items: Equipment[] = [];
  for (const [code, name, category, quantity] of KIT) {
    items.push(
      (
        await owner.post<Equipment>('/api/equipment', {
          code,
          name,
          category,
          quantity,
          location: 'Camera Store Room',
          description: code === 'CAM-001' ? '4K shoulder camcorder with battery and charger' : undefined,
        })
      ).body,
    );
  }
  await owner.put(`/api/equipment/${items[5]!.id}/status`, { status: 'maintenance' });
  const cam = await createUser(owner, server, 'cameraman', { fullName: 'Aminath Shifa' });
  const ask = async (item: Equipment, purpose: string, hoursFromNow = 24) =>
    (
      await cam.post<EquipmentRequest>('/api/equipment-requests', {
        equipmentId: item.id,
        purpose,
        expectedReturnDate: new Date(Date.now() + hoursFromNow * 3600_000).toISOString(),
      })
    ).body;
  await ask(items[0]!, 'Parliament session, full day');
  const approved = await ask(items[2]!, 'Studio interview with the minister');
  await owner.put(`/api/equipment-requests/${approved.id}/approve`, {});
  const late = await ask(items[6]!, 'Live shot at the harbour', -3);
  await owner.put(`/api/equipment-requests/${late.id}/approve`, {});
  await cam.put(`/api/equipment-requests/${late.id}/checkout`, {});
  const back = await ask(items[1]!, 'Football final, stadium');
  await owner.put(`/api/equipment-requests/${back.id}/approve`, {});
  await cam.put(`/api/equipment-requests/${back.id}/checkout`, {});
  await cam.put(`/api/equipment-requests/${back.id}/return`, {});
  const longer = await ask(items[4]!, 'Documentary shoot, outer atolls');
  await owner.put(`/api/equipment-requests/${longer.id}/approve`, {});
  await cam.post(`/api/equipment-requests/${longer.id}/extend`, {
    newReturnDate: new Date(Date.now() + 72 * 3600_000).toISOString(),
    reason: 'Ferry cancelled',
  });
  const rejected = await ask(items[10]!, 'Aerial of the new bridge');
  await owner.put(`/api/equipment-requests/${rejected.id}/reject`, {});
}

async function dialog(
  page: Page,
  size: Size,
  opener: string,
  name: string,
  shot: string,
  fill?: (d: ReturnType<Page['getByRole']>) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: opener, exact: true }).first().click();
  const d = page.getByRole('dialog', { name });
  await d.waitFor();
  await fill?.(d);
  await shoot(page, `${size}-equipment-${shot}`);
  await page.keyboard.press('Escape');
  const discard = page.getByRole('button', { name: 'Discard', exact: true });
  // Typed forms ask before discarding; untouched ones close at once.
  if (
    await discard.waitFor({ timeout: 1500 }).then(
      () => true,
      () => false,
    )
  )
    await discard.click();
  await d.waitFor({ state: 'hidden' });
}

async function screens(page: Page, size: Size): Promise<void> {
  await login(page, DEV_OWNER.username, DEV_OWNER.password);
  await page.goto('/equipment');
  await page.getByTestId('equipment-grid').waitFor();
  await shoot(page, `${size}-equipment`);
  await page.screenshot({ path: `${outDir}/${size}-equipment-full.png`, fullPage: true });

  await dialog(page, size, 'Add Equipment', 'Add Equipment', 'add', async (d) => {
    await d.getByLabel('Code').fill('CAM-003');
    await d.getByRole('button', { name: 'Add Equipment' }).click();
  });
  await dialog(page, size, 'Bulk Upload', 'Bulk Upload Equipment', 'bulk', async (d) => {
    await d
      .getByLabel('Or paste CSV data')
      .fill('code,name,location\nCAM-010,Sony FX9,Store A\nCAM-011,Canon C300,Store A\nMIC-010,,Audio Cabinet');
    await d.getByTestId('bulk-row-count').waitFor();
  });
  await dialog(page, size, 'Bulk Upload', 'Bulk Upload Equipment', 'bulk-result', async (d) => {
    const rows = Array.from({ length: 8 }, (_, i) =>
      i % 2 ? `BLK-${size}-${i},Cable ${i},` : `BLK-${size}-${i},Cable ${i},Store`,
    );
    await d.getByLabel('Or paste CSV data').fill(['code,name,location', ...rows].join('\n'));
    await d.getByRole('button', { name: 'Upload', exact: true }).click();
    await d.getByTestId('bulk-results').waitFor();
  });
  await dialog(page, size, 'Request', 'Request Equipment', 'request', async (d) => {
    await d.getByRole('button', { name: 'Submit Request' }).click();
  });

  await page.getByRole('tab', { name: 'Requests' }).click();
  await page.getByTestId('request-row').first().waitFor();
  await shoot(page, `${size}-equipment-requests`);
  await page.screenshot({ path: `${outDir}/${size}-equipment-requests-full.png`, fullPage: true });
  await dialog(page, size, 'Remind', 'Send Equipment Reminder', 'reminder', async (d) => {
    await d.getByRole('button', { name: 'Send Reminder' }).click();
    await d
      .getByTestId('reminder-outcome')
      .waitFor({ timeout: 5000 })
      .catch(() => undefined);
  });
}

await screenshotRun(outDir, screens, seed);
