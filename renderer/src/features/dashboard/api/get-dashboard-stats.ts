import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@shared/contracts/dashboard';

/** The shell's news_* and equipment_* live events invalidate this key. */
export const dashboardStatsQueryKey = ['/api/dashboard/stats'] as const;

/**
 * "Online MCR" changes when someone connects or leaves, which sends no event: a slow poll keeps
 * the tile honest without a server change.
 */
const ONLINE_REFRESH_MS = 30_000;

export function dashboardStatsQueryOptions() {
  return queryOptions<DashboardStats>({ queryKey: dashboardStatsQueryKey, refetchInterval: ONLINE_REFRESH_MS });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
