const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One date style for news, recycle bin and activity: date and minute are what a desk needs. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE_TIME.format(date);
}

export const STATUS_LABELS = { draft: 'Draft', approved: 'Approved', published: 'Published' } as const;
export const PRIORITY_LABELS = { normal: 'Normal', breaking: 'Breaking', urgent: 'Urgent' } as const;
