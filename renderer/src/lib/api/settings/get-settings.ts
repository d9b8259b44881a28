import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Settings } from '@shared/contracts/settings';

/** Owners and admins only (others get 403): the page asks only for them. */
export const settingsQueryKey = ['/api/settings'] as const;

export function settingsQueryOptions() {
  return queryOptions<Settings>({ queryKey: settingsQueryKey });
}

export function useSettings(enabled: boolean) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}
