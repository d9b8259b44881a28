import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeletedNews } from '@shared/contracts/news';

/**
 * Its own key, not under ['/api/news']: TanStack matches keys by array element, so the news
 * prefix does not reach it. app/live-events.ts refreshes it on every news_* event.
 */
export const recycleBinQueryKey = ['/api/news/recycle-bin'] as const;

/** The default query fn GETs the key's path: /api/news/recycle-bin. */
export function recycleBinQueryOptions() {
  return queryOptions<DeletedNews[]>({ queryKey: recycleBinQueryKey });
}

export function useRecycleBin(enabled = true) {
  return useQuery({ ...recycleBinQueryOptions(), enabled });
}
