/**
 * One page counter drives the three status lists (docs/product.md §Screens and routes), so paging ends when the
 * longest list ends; the others simply show fewer (or no) rows on later pages.
 */
export function lastPage(totals: readonly number[], pageSize: number): number {
  const longest = Math.max(0, ...totals);
  return Math.max(1, Math.ceil(longest / pageSize));
}

export function hasNextPage(totals: readonly number[], page: number, pageSize: number): boolean {
  return page < lastPage(totals, pageSize);
}
