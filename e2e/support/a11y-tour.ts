import type { Page } from 'playwright-core';
import type { A11ySeed } from './a11y-seed';

/** One stop of the accessibility tour: how to get there from anywhere (signed in). */
export interface Stop {
  readonly name: string;
  open(page: Page, seed: A11ySeed): Promise<void>;
}

const go =
  (path: string, ready?: (page: Page) => Promise<unknown>): Stop['open'] =>
  async (page) => {
    await page.goto(path);
    if (ready) await ready(page);
  };

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name }).waitFor();

/**
 * Every route of renderer/src/app/router.tsx with the signed-in shell (the menu's screens, the
 * label sheet, the phone pages, the prompter's follower and full screen, the 404), and the main
 * dialogs open: each is a separate stop so a dialog's findings are named after it.
 */
export const SIGNED_IN_STOPS: readonly Stop[] = [
  { name: '/ (dashboard)', open: go('/', (p) => p.getByTestId('connection-status').getByText('Connected').waitFor()) },
  {
    name: '/ user menu open',
    open: async (page) => {
      await page.goto('/');
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    },
  },
  {
    name: '/ notifications bell open',
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.waitForTimeout(300);
    },
  },
  { name: '/news', open: go('/news', (p) => p.getByText('Ferries resume at noon').first().waitFor()) },
  {
    name: '/news Create News dialog',
    open: async (page) => {
      await page.goto('/news');
      await page.getByRole('button', { name: 'Create News' }).first().click();
      await dialog(page, 'Create News');
    },
  },
  { name: '/wires', open: go('/wires') },
  { name: '/cg-control', open: go('/cg-control') },
  {
    name: '/cg-control emergency override dialog',
    open: async (page) => {
      await page.goto('/cg-control');
      await page.getByTestId('emergency-mode').locator('visible=true').first().click();
      await dialog(page, 'Activate emergency override?');
    },
  },
  {
    // Issue 25: take mode on (through Settings, as an owner would), a Thaana headline staged — NEXT,
    // Take / Clear and the overlay preview after Take. Later stops see take mode on.
    name: '/cg-control take mode, NEXT staged',
    open: async (page) => {
      await page.goto('/settings');
      const toggle = page.getByTestId('settings-take-mode').getByRole('switch', { name: 'Take mode' });
      if (!(await toggle.isChecked())) await toggle.click();
      await page.getByTestId('settings-take-mode').locator('input[data-checked="true"]').waitFor();
      await page.goto('/cg-control');
      await page.getByTestId('next-block').waitFor();
      await page.getByRole('textbox', { name: 'Headline', exact: true }).fill('ދިވެހި ޚަބަރު');
      await page.getByRole('button', { name: 'Headline', exact: true }).click();
      await page.getByTestId('next-list').waitFor();
    },
  },
  { name: '/bulletins', open: go('/bulletins', (p) => p.getByText('Evening News').first().waitFor()) },
  {
    name: '/bulletins Create Bulletin dialog',
    open: async (page) => {
      await page.goto('/bulletins');
      await page.getByRole('button', { name: 'Create Bulletin' }).first().click();
      await dialog(page, 'Create Bulletin');
    },
  },
  { name: '/prompter', open: go('/prompter', (p) => p.getByTestId('prompter-item').first().waitFor()) },
  {
    name: '/prompter full screen',
    open: async (page, seed) => {
      await page.goto('/prompter');
      await page.getByText(seed.prompterName, { exact: true }).first().click();
      await page.getByTestId('prompter-fullscreen').waitFor();
    },
  },
  {
    name: '/prompter/:id/follow',
    open: async (page, seed) => page.goto(`/prompter/${seed.prompterId}/follow`).then(() => undefined),
  },
  { name: '/equipment', open: go('/equipment', (p) => p.getByText('Sony PXW-Z280').first().waitFor()) },
  {
    name: '/equipment Request Equipment dialog',
    open: async (page) => {
      await page.goto('/equipment');
      await page.getByRole('button', { name: 'Request', exact: true }).first().click();
      await dialog(page, 'Request Equipment');
    },
  },
  { name: '/equipment?tab=requests', open: go('/equipment?tab=requests') },
  { name: '/equipment/labels', open: go('/equipment/labels?ids=1,2') },
  { name: '/mobile-field', open: go('/mobile-field') },
  { name: '/field', open: go('/field', (p) => p.getByText('Mobile', { exact: true }).waitFor()) },
  {
    name: '/field Request Equipment dialog',
    open: async (page, seed) => {
      await page.goto('/field');
      await page.getByRole('button', { name: `Request ${seed.equipmentName}` }).click();
      await dialog(page, 'Request Equipment');
    },
  },
  {
    name: '/field/equipment/:code',
    open: async (page, seed) => page.goto(`/field/equipment/${seed.equipmentCode}`).then(() => undefined),
  },
  { name: '/notifications', open: go('/notifications') },
  { name: '/settings', open: go('/settings') },
  // The overlay page itself (/overlay/<key>) is a graphics output for OBS/vMix/CasparCG, not a
  // screen people operate: only its settings page is held to the gate.
  { name: '/outputs', open: go('/outputs', (p) => p.getByRole('button', { name: 'Rotate key' }).first().waitFor()) },
  { name: '/users', open: go('/users', (p) => p.getByTestId('user-row-devowner').waitFor()) },
  { name: '/activity-logs', open: go('/activity-logs') },
  { name: '/as-run', open: go('/as-run', (p) => p.getByRole('button', { name: 'Export CSV' }).waitFor()) },
  { name: '/telegram', open: go('/telegram') },
  { name: '/google-sheets', open: go('/google-sheets') },
  { name: '/app-version', open: go('/app-version') },
  { name: '/recycle-bin', open: go('/recycle-bin') },
  { name: '404', open: go('/nowhere') },
];

/** Screens a signed-out browser sees. */
export const SIGNED_OUT_STOPS: readonly Stop[] = [
  { name: '/login', open: go('/login', (p) => p.getByRole('button', { name: 'Sign In' }).waitFor()) },
  {
    name: '/login with errors',
    open: async (page) => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign In' }).click();
    },
  },
  { name: '/field signed out', open: go('/field') },
];
