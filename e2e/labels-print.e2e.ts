import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Equipment } from '../shared/contracts/equipment';
import { REPO_ROOT } from '../server/config';
import { loginDevOwner } from '../server/test/factories';
import { DEV_OWNER } from '../server/test/test-server';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';
import { readPdf } from './support/pdf-text';

/** A4 in PostScript points. */
const A4 = [595, 842];

/**
 * Issue 22 point 15: Print Labels printed blank pages. Printed here by Chromium itself: page.pdf
 * lays the page out with print media and the page's own @page size, as the print dialog does.
 */
describe('Equipment labels print', () => {
  const app = useApp();

  it('prints 25 labels as two A4 pages with every code and name on them, and nothing else', async () => {
    const owner = await loginDevOwner(app.server);
    const items: Equipment[] = [];
    for (let n = 1; n <= 25; n += 1) {
      const code = `LBL-${String(n).padStart(3, '0')}`;
      items.push(
        (
          await owner.post<Equipment>('/api/equipment', {
            code,
            name: `Tripod kit ${n}`,
            location: 'Store',
            quantity: 1,
          })
        ).body,
      );
    }
    const page = await app.newPage();
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    await page.goto(`/equipment/labels?ids=${items.map((i) => i.id).join(',')}`);
    // With a LAN address the labels carry their QR codes, as printed at a station.
    await page.getByRole('textbox', { name: 'LAN address' }).fill('192.168.1.20:3000');
    await visible(page.getByTestId('equipment-label').last().getByTestId('label-qr').locator('svg'));

    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    fs.mkdirSync(path.join(REPO_ROOT, '.scratch'), { recursive: true });
    fs.writeFileSync(path.join(REPO_ROOT, '.scratch', 'labels.pdf'), pdf);

    // A blank print of these pages was 1.5 KB; fonts and 25 QR codes make tens of KB.
    expect(pdf.length).toBeGreaterThan(10_000);
    const pages = readPdf(pdf);
    expect(pages.map((p) => p.mediaBox.slice(2).map(Math.round))).toEqual([A4, A4]);
    const expected = items.map((item) => [item.code, item.name]);
    expect(pages[0]?.lines).toEqual(expected.slice(0, 24).flat());
    expect(pages[1]?.lines).toEqual(expected.slice(24).flat());
  });
});
