import type { NewsStatus } from './contracts/news';

/**
 * Statuses whose stories may go to air (issue 39): approved AND published. The spec's
 * "approved news feeds CG text and bulletins" names the approval for air; publishing is the
 * step after it (docs/product.md §Validation), so a published story must not vanish from the CG preview, the
 * crawler's Generate or a bulletin's "Add approved news" list.
 */
export const NEWS_ON_AIR_STATUSES = ['approved', 'published'] as const satisfies readonly NewsStatus[];

export function isOnAirStatus(status: string | null | undefined): boolean {
  return (NEWS_ON_AIR_STATUSES as readonly string[]).includes(status ?? '');
}
