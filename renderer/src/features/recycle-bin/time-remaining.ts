import { RECYCLE_BIN_RETENTION_MS } from '@shared/constants';
import type { DeletedNews } from '@shared/contracts/news';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When the purge job removes the item. The server always sets scheduledForDeletion; deletedAt +
 * retention is a fallback so a legacy row still shows a sensible countdown.
 */
export function deletionTime(item: Pick<DeletedNews, 'deletedAt' | 'scheduledForDeletion'>): Date | null {
  if (item.scheduledForDeletion) return new Date(item.scheduledForDeletion);
  if (item.deletedAt) return new Date(new Date(item.deletedAt).getTime() + RECYCLE_BIN_RETENTION_MS);
  return null;
}

/** 'Expired' or hours and minutes left (docs/product.md §Screens and routes), e.g. '1h 23m'; under an hour just '23m'. */
export function formatTimeRemaining(deleteAt: Date | null, now: number): string {
  if (!deleteAt) return 'Expired';
  const left = deleteAt.getTime() - now;
  if (left <= 0) return 'Expired';
  const hours = Math.floor(left / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (hours === 0) return minutes === 0 ? '< 1m' : `${minutes}m`;
  return `${hours}h ${minutes}m`;
}
