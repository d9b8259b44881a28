/**
 * The 'New Notifications' toast text (docs/product.md §Error texts/§Limits): only when the count rises above a previous
 * NONZERO count — the first load, and the first notification after none, raise no toast (the
 * badge appearing says it). Null = no toast.
 */
export function newNotificationsText(previous: number | null, current: number): string | null {
  if (previous === null || previous <= 0 || current <= previous) return null;
  // The spec's text, "(s)" included.
  return `${current - previous} new notification(s) received`;
}
