import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityLog } from '@shared/contracts/activity-logs';
import { apiRequest } from '@/lib/api-client';

/** Small pages keep the first paint quick; 'Load more' fetches the next older page. */
export const ACTIVITY_LOAD_SIZE = 50;

export const activityLogsQueryKey = ['/api/activity-logs'] as const;

export interface ActivityLogsPage {
  items: ActivityLog[];
  /** From X-Total-Count: the whole history, not just what is loaded. */
  total: number;
  page: number;
}

export async function getActivityLogs(page: number): Promise<ActivityLogsPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(ACTIVITY_LOAD_SIZE) });
  const res = await apiRequest('GET', `/api/activity-logs?${query.toString()}`);
  const items = (await res.json()) as ActivityLog[];
  const total = Number(res.headers.get('X-Total-Count') ?? items.length);
  return { items, total: Number.isFinite(total) ? total : items.length, page };
}

export function activityLogsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: activityLogsQueryKey,
    queryFn: ({ pageParam }) => getActivityLogs(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, p) => sum + p.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? last.page + 1 : undefined;
    },
  });
}

export function useActivityLogs(enabled = true) {
  return useInfiniteQuery({ ...activityLogsQueryOptions(), enabled });
}
