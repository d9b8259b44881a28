import { describe, expect, it } from 'vitest';
import type { News } from '../shared/contracts/news';
import { createCompany, createUser, loginDevOwner } from '../server/test/factories';
import { createApprovedNews } from '../server/test/news-factory';
import { audit, report } from './support/a11y-audit';
import { useApp } from './support/app-fixture';
import { login, visible } from './support/pages';

/**
 * Issue 39, what a person sees: a published story on the CG preview, the station's weekend in
 * Settings, as-run times on the station's clock, labels that wait for an address, a colour
 * picker that leaves Save Branding free and Take in its own colour, and who emptied the bin.
 */
const SHOTS = '/tmp/shots';

describe('issue 39 screens', () => {
  const app = useApp();

  async function station() {
    const s = await createCompany(await loginDevOwner(app.server), app.server);
    const page = await app.newPage();
    await login(page, s.owner.user.username, s.ownerPassword);
    return { ...s, page };
  }

  it('point 1: a published story stays on the CG preview', async () => {
    const { owner, page } = await station();
    const story = await createApprovedNews(owner, { title: 'Published and still on air' });
    expect((await owner.post<News>(`/api/news/${story.id}/publish`)).body.status).toBe('published');
    await page.goto('/cg-control');
    const panel = page.getByTestId('cg-preview-panel');
    await visible(panel.getByTestId('cg-preview-title').getByText('Published and still on air'));
    expect(await panel.getByText('No approved news available for CG display').count()).toBe(0);
    await panel.screenshot({ path: `${SHOTS}/i39-01-preview-published.png` });
  });

  it('point 13: the weekend follows the Maldives zone and is chosen in Settings', async () => {
    const { owner, page } = await station();
    await owner.put('/api/settings', { timeZone: 'Indian/Maldives' });
    await page.goto('/settings');
    const card = page.getByTestId('settings-weekend');
    await visible(card.getByText('Now Friday and Saturday (the usual weekend for Indian/Maldives).'));
    expect(await card.getByRole('checkbox', { name: 'Friday' }).isChecked()).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/i39-13-weekend-setting.png` });
    await card.getByText('Thursday', { exact: true }).click();
    await card.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText("The station's weekend is now Thursday, Friday and Saturday"));
    expect((await owner.get<{ weekendDays: string[] }>('/api/settings')).body.weekendDays).toEqual([
      'thu',
      'fri',
      'sat',
    ]);
  });

  it('point 14: as-run times are the station’s clock and say which zone', async () => {
    const { owner, page } = await station();
    await owner.put('/api/settings', { timeZone: 'Indian/Maldives' });
    await owner.post('/api/cg-files/update-direct', { type: 'emergency', content: 'Malé clock check' });
    await app.server.asRunRecorder.flush();
    const at = (await owner.get<{ entries: Array<{ at: string }> }>('/api/as-run')).body.entries[0]!.at;
    await page.goto('/as-run');
    await visible(page.getByRole('columnheader', { name: 'Time (Indian/Maldives)' }));
    // Five hours ahead of UTC, whatever zone the browser is in.
    const male = new Date(Date.parse(at) + 5 * 3_600_000).toISOString().replace('T', ' ').replace('Z', '');
    await visible(page.getByTestId('as-run-row').first().getByText(male));
    await page.screenshot({ path: `${SHOTS}/i39-14-as-run-station-time.png` });
  });

  it('point 12: on localhost with no LAN address Print is off and says why', async () => {
    const { owner, page } = await station();
    const item = (
      await owner.post<{ id: number }>('/api/equipment', {
        code: 'QR-001',
        name: 'Tripod',
        location: 'Store',
        quantity: 1,
      })
    ).body;
    await page.goto(`/equipment/labels?ids=${item.id}`);
    const print = page.getByRole('button', { name: 'Print' });
    await visible(
      page
        .getByTestId('label-print-blocked')
        .getByText('Print is off until the QR codes have an address phones can open', { exact: false }),
    );
    expect(await print.isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/i39-12-labels-blocked.png` });
    await page.getByRole('textbox', { name: 'LAN address' }).fill('192.168.1.20:3000');
    await expect.poll(() => print.isDisabled()).toBe(false);
    expect(await page.getByTestId('label-print-blocked').count()).toBe(0);
  });

  it('point 15: the colour picker leaves Save Branding free and closes on Esc; branding never recolours Take', async () => {
    const { owner, page } = await station();
    await page.goto('/settings');
    const branding = page.getByRole('region', { name: 'Branding' });
    const primary = branding.getByRole('textbox', { name: 'Primary colour' });
    await primary.scrollIntoViewIfNeeded();
    await primary.click();
    const picker = page.locator('.mantine-ColorInput-dropdown');
    await visible(picker);
    const save = branding.getByRole('button', { name: 'Save Branding' });
    const box = (await save.boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe('Save Branding');
    await page.screenshot({ path: `${SHOTS}/i39-15-colour-picker.png` });
    await page.keyboard.press('Escape');
    await expect.poll(() => picker.isVisible()).toBe(false);

    // A magenta station: buttons turn magenta, Take keeps its colour.
    await owner.put('/api/settings', { branding: { primaryColor: '#ec4899' }, takeMode: true });
    await owner.post('/api/cg-files/update-direct', { type: 'headline', content: 'Waiting in NEXT' });
    await page.goto('/cg-control');
    const take = page.getByTestId('next-take');
    await expect.poll(() => take.isDisabled()).toBe(false);
    // Mantine's blue filled (#1971c2), the unbranded Take — not the station's magenta (#ec4899).
    await expect.poll(() => take.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(25, 113, 194)');
    await page.getByTestId('next-take').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/i39-15-take-colour.png` });
  });

  it('the new parts pass axe: labels blocked, Settings (weekend, recycle bin), recycle bin with deleted-by, as-run', async () => {
    const { owner, page } = await station();
    const item = (
      await owner.post<{ id: number }>('/api/equipment', {
        code: 'AX-001',
        name: 'Light',
        location: 'Store',
        quantity: 1,
      })
    ).body;
    const story = await createApprovedNews(owner, { title: 'For the bin' });
    await owner.delete(`/api/news/${story.id}`);
    await owner.post('/api/cg-files/update-direct', { type: 'infoline', content: 'axe' });
    await app.server.asRunRecorder.flush();
    const findings = [];
    for (const path of [`/equipment/labels?ids=${item.id}`, '/settings', '/recycle-bin', '/as-run']) {
      await page.goto(path);
      findings.push(...(await audit(page, path)));
    }
    const bad = findings.filter((f) => f.impact === 'critical' || f.impact === 'serious');
    expect(bad, report('issue 39 screens', bad)).toEqual([]);
  });

  it('point 4: the recycle bin says who deleted each story and how long the station keeps them', async () => {
    const { owner, page } = await station();
    const admin = await createUser(owner, app.server, 'admin', { fullName: 'Aishath Admin' });
    await owner.put('/api/settings', { recycleBinHours: 48 });
    const story = await createApprovedNews(owner, { title: 'Approved, then deleted' });
    await admin.delete(`/api/news/${story.id}`);
    await page.goto('/recycle-bin');
    await visible(page.getByText('Deleted news articles are permanently deleted automatically after 2 days.'));
    const entry = page.getByTestId(`deleted-news-${story.id}`);
    await visible(entry.getByTestId('deleted-by').getByText('by Aishath Admin', { exact: false }));
    await visible(entry.getByText('Was approved'));
    await page.screenshot({ path: `${SHOTS}/i39-04-recycle-bin.png` });
    await page.goto('/settings');
    const card = page.getByTestId('settings-recycle-bin');
    expect(await card.getByRole('textbox', { name: 'Keep deleted stories (hours)' }).inputValue()).toBe('48');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/i39-04-recycle-bin-setting.png` });
  });
});
