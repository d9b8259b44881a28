import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@shared/contracts/dashboard';

/** The shell's news_* and equipment_* live events invalidate this key. */
export const dashboardStatsQueryKey = ['/api/dashboard/stats'] as const;

/**
 * Live events keep the tiles fresh (news_*, equipment_*, and presence_changed for Online MCR);
 * the slow poll only covers a missed message — a reconnect refetches everything anyway.
 */
const SAFETY_REFRESH_MS = 5 * 60_000;

export function dashboardStatsQueryOptions() {
  return queryOptions<DashboardStats>({ queryKey: dashboardStatsQueryKey, refetchInterval: SAFETY_REFRESH_MS });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
