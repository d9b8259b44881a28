import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export type Impact = 'critical' | 'serious' | 'moderate' | 'minor';

/** One axe rule broken on one screen: how many elements, and a few of them to find it by. */
export interface Finding {
  readonly screen: string;
  readonly rule: string;
  readonly impact: Impact;
  readonly elements: number;
  readonly examples: string[];
  /** Every element's selector and axe's reason (for A11Y_REPORT, not printed). */
  readonly all: string[];
}

/**
 * Every axe rule, not just the WCAG-tagged ones: the best-practice rules (one h1, unique
 * landmarks, content inside landmarks) are what a screen-reader user navigates by, and the
 * issue's "before" counts were taken with all of them.
 */
export async function audit(page: Page, screen: string): Promise<Finding[]> {
  await settle(page);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => ({
    screen,
    rule: v.id,
    impact: v.impact ?? 'minor',
    elements: v.nodes.length,
    examples: v.nodes.slice(0, 3).map(describeNode),
    all: v.nodes.map(describeNode),
  }));
}

function describeNode(n: { target: unknown[]; failureSummary?: string }): string {
  return `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`;
}

/**
 * Waits for data and Mantine's enter transitions: a half-faded dialog has half-contrast text,
 * which axe would rightly report but no operator ever reads.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .locator('.mantine-Loader-root')
    .first()
    .waitFor({ state: 'hidden', timeout: 5000 })
    .catch(() => undefined);
  await page.waitForTimeout(450);
}

export function countBy(findings: readonly Finding[], impact: Impact): number {
  return findings.filter((f) => f.impact === impact).reduce((n, f) => n + f.elements, 0);
}

/** A table for the test log: one line per screen and rule, worst first. */
export function report(label: string, findings: readonly Finding[]): string {
  const order: Impact[] = ['critical', 'serious', 'moderate', 'minor'];
  const sorted = [...findings].sort((a, b) => order.indexOf(a.impact) - order.indexOf(b.impact));
  const counts = order.map((i) => `${i} ${countBy(findings, i)}`).join(', ');
  const lines = sorted.map(
    (f) => `  [${f.impact}] ${f.screen}: ${f.rule} ×${f.elements}\n${f.examples.map((e) => `      ${e}`).join('\n')}`,
  );
  return `axe ${label}: ${counts} (elements)\n${lines.join('\n')}`;
}
