import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPgPair, type PgPair } from '../server/test/pg-pair';
import { DEV_OWNER } from '../server/test/test-server';
import { audit, report } from './support/a11y-audit';
import { PHONE, useApp } from './support/app-fixture';
import { expectHidden, expectNoHorizontalOverflow, login, shell, visible } from './support/pages';

/** Pictures for a human to look at: the strip, the dialog, the Settings card, before and after. */
const SHOTS = path.join(os.tmpdir(), 'shots-main-backup');
const AT_1280 = { width: 1280, height: 800 } as const;

/** axe on the screen as it is: nothing critical or serious (the gate of e2e/a11y.e2e.ts). */
async function accessible(page: Page, screen: string): Promise<void> {
  const findings = (await audit(page, screen)).filter((f) => f.impact === 'critical' || f.impact === 'serious');
  expect(findings, report(screen, findings)).toEqual([]);
}

/** The strip's own box lies inside the viewport: it never pushes the header past the edge. */
async function stripFits(page: Page): Promise<void> {
  const box = await page.getByTestId('ha-strip').boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expectNoHorizontalOverflow(
    await page.evaluate(() => document.documentElement.scrollWidth),
    page.viewportSize()!.width,
  );
}

/**
 * Main and backup (issue 43) in the browser: PC-A's PostgreSQL the main, PC-B's its streaming
 * replica, one CG Bridge server on them. The header shows the pair; PC-A dies (kill -9) and the
 * dialog opens by itself; one confirmation (a double-click sends once) takes over; the page comes
 * back on PC-B, which has no backup now, and says so.
 */
describe('Main and backup', () => {
  // Before useApp: after-hooks run in reverse, so the pair stops after the server on it.
  let pair: PgPair;
  beforeAll(async () => {
    pair = await startPgPair();
  }, 60_000);
  afterAll(async () => {
    await pair?.stop();
  });
  const app = useApp(() => ({ databaseUrl: pair.a.url, haPair: [pair.a.url, pair.b.url] }));

  it('shows the pair, offers the takeover when the main dies, and comes back on the backup', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const page = await app.newPage(AT_1280);
    await login(page, DEV_OWNER.username, DEV_OWNER.password);
    const strip = page.getByTestId('ha-strip');
    await expect.poll(() => strip.innerText(), { timeout: 10_000 }).toMatch(/^MAIN: PC-A · BACKUP: PC-B · lag \d+ ms$/);
    expect(await strip.getAttribute('data-warning')).toBe('false');
    await stripFits(page);
    await page.waitForTimeout(300);
    await shell(page).header.screenshot({ path: path.join(SHOTS, 'strip-1280.png') });

    // Narrower desks keep the header whole; a phone has no room: the strip gives way there.
    for (const width of [1024, 800]) {
      await page.setViewportSize({ width, height: 800 });
      await stripFits(page);
      await shell(page).header.screenshot({ path: path.join(SHOTS, `strip-${width}.png`) });
    }
    await page.setViewportSize(AT_1280);
    const phone = await app.newPage(PHONE);
    await login(phone, DEV_OWNER.username, DEV_OWNER.password);
    await expectHidden(phone.getByTestId('ha-strip'));
    expectNoHorizontalOverflow(await phone.evaluate(() => document.documentElement.scrollWidth), PHONE.width);

    await page.goto('/settings');
    const card = await visible(page.getByTestId('ha-card'));
    await visible(card.getByText('Main: PC-A · Backup: PC-B'));
    await visible(card.getByRole('row', { name: 'PC-A Main' }));
    await visible(card.getByRole('row', { name: 'PC-B Backup' }));
    await visible(card.getByText('Asynchronous', { exact: false }));
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await card.screenshot({ path: path.join(SHOTS, 'settings-card-pair.png') });

    let takeoverRequests = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/ha/takeover') takeoverRequests += 1;
    });
    // A power cut on PC-A's PostgreSQL.
    const killedAt = Date.now();
    pair.a.kill9();
    const dialog = page.getByRole('dialog', { name: 'Main lost — take over?' });
    await dialog.waitFor({ state: 'visible', timeout: 12_000 });
    expect(Date.now() - killedAt).toBeLessThan(12_000);
    await visible(dialog.getByText('the main, stopped answering', { exact: false }));
    await visible(dialog.getByTestId('ha-changes-at-risk'));
    await expect.poll(() => strip.getAttribute('data-warning')).toBe('true');
    await visible(page.getByTestId('ha-warning').getByText('The main PC-A does not answer', { exact: false }));
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, 'takeover-dialog.png') });
    await accessible(page, 'takeover dialog');

    // Every desk is asked; "Not now" holds for this loss (the status keeps arriving meanwhile).
    const onPhone = phone.getByRole('dialog', { name: 'Main lost — take over?' });
    await onPhone.waitFor({ state: 'visible' });
    await phone.waitForTimeout(400);
    await phone.screenshot({ path: path.join(SHOTS, 'takeover-dialog-phone.png') });
    await onPhone.getByRole('button', { name: 'Not now' }).click();
    await expectHidden(onPhone);
    await phone.waitForTimeout(2_500);
    expect(await onPhone.count()).toBe(0);
    await phone.context().close();

    await dialog.getByTestId('ha-takeover-confirm').dblclick();
    expect(await dialog.getByTestId('ha-takeover-confirm').isDisabled()).toBe(true);
    // A picture for review, not a check: the restart may be over before it is taken.
    await dialog
      .getByTestId('ha-takeover-progress')
      .waitFor({ timeout: 3_000 })
      .then(() => page.screenshot({ path: path.join(SHOTS, 'takeover-progress.png'), timeout: 3_000 }))
      .catch(() => undefined);
    // Back on PC-B (the server restarted onto it; the page's live socket reconnected by itself).
    await expect
      .poll(() => strip.innerText(), { timeout: 30_000, interval: 200 })
      .toMatch(/^MAIN: PC-B · BACKUP: none/);
    await expectHidden(dialog);
    expect(takeoverRequests).toBe(1);
    expect(await strip.getAttribute('data-warning')).toBe('true');
    await visible(page.getByTestId('ha-warning').getByText('No backup', { exact: false }));
    await stripFits(page);
    await page.waitForTimeout(300);
    await shell(page).header.screenshot({ path: path.join(SHOTS, 'strip-after-takeover-1280.png') });
    // Cut short in the header, whole in the tooltip.
    await strip.hover();
    await visible(page.getByRole('tooltip').getByText('is not replicating from the main', { exact: false }));
    await page.waitForTimeout(300);
    await page.screenshot({
      path: path.join(SHOTS, 'strip-tooltip.png'),
      clip: { x: 0, y: 0, width: 1280, height: 160 },
    });
    await page.mouse.move(0, 400);
    await accessible(page, 'settings after the takeover');

    const after = page.getByTestId('ha-card');
    await expect
      .poll(() => after.getByTestId('ha-card-pair').innerText(), { timeout: 10_000 })
      .toBe('Main: PC-B · Backup: none');
    await visible(after.getByRole('row', { name: 'PC-B Main' }));
    await visible(after.getByRole('row', { name: /Does not answer/ }));
    await visible(after.getByTestId('ha-card-warning'));
    await after.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await after.screenshot({ path: path.join(SHOTS, 'settings-card-after-takeover.png') });
  }, 120_000);
});
